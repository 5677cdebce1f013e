import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splitSentences, splitStatements } from "./statements.ts";

describe("splitSentences", () => {
  const cases: Array<[input: string, expected: string[]]> = [
    ["One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]],
    ["Use Node 22.19 or newer. Then run it.", ["Use Node 22.19 or newer.", "Then run it."]],
    ["Edit package.json first. Then install.", ["Edit package.json first.", "Then install."]],
    ["Prefer tools, e.g. pnpm or bun. Not npm.", ["Prefer tools, e.g. pnpm or bun.", "Not npm."]],
    ["Tabs vs. spaces is settled. Tabs.", ["Tabs vs. spaces is settled.", "Tabs."]],
    ["Run `make test. all` now. Done.", ["Run `make test. all` now.", "Done."]],
    ['He said "stop." Then left.', ['He said "stop."', "Then left."]],
    ["Wait... what? Fine!!! Ok", ["Wait...", "what?", "Fine!!!", "Ok"]],
    ["数据库迁移必须在事务中执行。测试必须通过！", ["数据库迁移必须在事务中执行。", "测试必须通过！"]],
    ["  spaced   out  text  ", ["spaced out text"]],
    ["", []],
    ["   ", []],
  ];
  for (const [input, expected] of cases) {
    it(`splits ${JSON.stringify(input)}`, () => assert.deepEqual(splitSentences(input), expected));
  }
});

describe("splitStatements", () => {
  const cases: Array<[name: string, input: string, expected: Array<[text: string, heading: string | null]>]> = [
    [
      "one statement per line",
      "First line\nSecond line",
      [
        ["First line", null],
        ["Second line", null],
      ],
    ],
    [
      "joins a lowercase continuation of an open line",
      "We use pnpm for\nall installs.",
      [["We use pnpm for all installs.", null]],
    ],
    [
      "does not join after a closed line",
      "We use pnpm.\nall good",
      [
        ["We use pnpm.", null],
        ["all good", null],
      ],
    ],
    [
      "strips list markers and checkboxes",
      "- a item\n* [ ] b item\n+ c item\n1. d item\n2) e item\n• f item",
      [
        ["a item", null],
        ["b item", null],
        ["c item", null],
        ["d item", null],
        ["e item", null],
        ["f item", null],
      ],
    ],
    [
      "never joins list items",
      "- first item\n- second item",
      [
        ["first item", null],
        ["second item", null],
      ],
    ],
    ["strips quote markers", "> > quoted text", [["quoted text", null]]],
    [
      "skips fenced code",
      "before\n```sh\nnpm test\n```\nafter",
      [
        ["before", null],
        ["after", null],
      ],
    ],
    ["needs a matching fence to close", "````\n```\ninside\n````\nafter", [["after", null]]],
    ["skips tilde fences", "~~~\ninside\n~~~\nafter", [["after", null]]],
    ["keeps inline code", "run `npm test` before committing", [["run `npm test` before committing", null]]],
    [
      "records the nearest heading",
      "# Rules ##\n- never push\n## Commands\nmake it",
      [
        ["never push", "Rules"],
        ["make it", "Commands"],
      ],
    ],
    ["skips tables and thematic breaks", "| a | b |\n---\n* * *\ntext", [["text", null]]],
    [
      "handles CRLF and CR line endings",
      "One\r\nTwo\rThree",
      [
        ["One", null],
        ["Two", null],
        ["Three", null],
      ],
    ],
    ["returns nothing for empty content", "", []],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      assert.deepEqual(
        splitStatements(input).map((statement) => [statement.text, statement.heading]),
        expected,
      );
    });
  }
});
