import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { StoredSource } from "../../store/types.ts";
import { classifyStatement, extractRules, RULES_EXTRACTOR } from "./rules.ts";

function makeSource(content: string, position = 1, source_id = `src-${position}`): StoredSource {
  return { scope_id: "scope", source_id, position, content, metadata: {}, captured_at: "2026-11-29T12:00:00.000Z" };
}

function kindsOf(content: string): string[] {
  return extractRules([makeSource(content)]).map((candidate) => candidate.kind);
}

describe("rules extractor: kinds of realistic statements", () => {
  const cases: Array<[input: string, expected: string[]]> = [
    // decisions
    ["We decided to use PostgreSQL 16 for the billing service.", ["decision"]],
    ["Let's go with pnpm workspaces for the monorepo.", ["decision"]],
    ["We'll use Fastify instead of Express for the HTTP layer.", ["decision"]],
    ["We are switching to Vitest next sprint.", ["decision"]],
    ["After some discussion we chose TypeBox over Zod.", ["decision"]],
    ["Decision: keep SQLite for local development.", ["decision"]],
    // constraints
    ["Never commit secrets to the repository.", ["constraint"]],
    ["You must not edit files under generated/.", ["constraint"]],
    ["Always run migrations inside a transaction.", ["constraint"]],
    ["Don't use default exports.", ["constraint"]],
    ["Do not call process.exit from library code.", ["constraint"]],
    ["The domain layer should never import from http/.", ["constraint"]],
    ["A migration is required for every schema change.", ["constraint"]],
    ["Only squash merges are allowed on main.", ["constraint"]],
    ["Never run `git push --force` on main.", ["constraint"]],
    ["Every public function must declare its return type.", ["constraint"]],
    // conventions
    ["We use kebab-case for file names instead of camelCase.", ["convention"]],
    ["Prefer composition over inheritance.", ["convention"]],
    ["The naming convention for tests is x.test.ts beside x.ts.", ["convention"]],
    ["Use TypeBox for request schemas.", ["convention"]],
    ["Put shared types in packages/protocol.", ["convention"]],
    ["Tests live beside the code they cover.", ["convention"]],
    ["We name branches after tickets.", ["convention"]],
    // preferences
    ["I prefer tabs over spaces.", ["preference"]],
    ["I want error messages to name the failing field.", ["preference"]],
    ["I'd rather keep the CLI output terse.", ["preference"]],
    ["I'd like commit messages to follow Conventional Commits.", ["preference"]],
    // commands
    ["Run `npm test` before committing.", ["command"]],
    ["To build, use make.", ["command"]],
    ["Start the server with `npm run dev`.", ["command"]],
    ["- run `npm run lint` before pushing", ["command"]],
    ["`npm run bench` runs the benchmarks.", ["command"]],
    ["To reset the database, run `docker compose down -v`.", ["command"]],
    ["To build the docs, run make docs.", ["command"]],
    // facts
    ["The API listens on port 8080.", ["fact"]],
    ["Session tokens are stored in Redis.", ["fact"]],
    ["Note: the config file lives in ~/.config/powercontext/config.json.", ["fact"]],
    // chatter and non-durable talk produce nothing
    ["can you fix this bug", []],
    ["thanks", []],
    ["Thanks, that worked!", []],
    ["what does this do?", []],
    ["I ran the tests and they failed", []],
    ["Should we use Redis for this?", []],
    ["Hi there, hope you're doing well", []],
    ["Let me run `npm test` to check.", []],
    ["I'll use grep to find the call sites.", []],
    ["It must be a caching issue.", []],
    ["That should work now.", []],
    ["Don't worry about the lint warnings.", []],
    ["I don't know why the build fails.", []],
    ["Looks good to me, merging now.", []],
    ["The test failed with exit code 1.", []],
    ["I want you to refactor this function.", []],
    ["Could you run the migrations?", []],
    ["Check line 42 of src/app.ts", []],
    ["Run `npm test`.", []],
    ["Switch to the main branch.", []],
    ["Now fix the type error in config.ts", []],
    ["Please update the README with the new flags", []],
    ["Use this for now.", []],
    ["We need to fix the login bug before Friday.", []],
    ["There must be a race condition somewhere.", []],
    ["I never got the debugger to attach.", []],
    ["Let's check the logs first.", []],
    ["Great, everything passes now", []],
    ["ok", []],
    ["Looking at `src/login.ts`, the lookup compares the raw email against the stored lowercase value.", []],
    ["The new test lives in src/http/routes/login.test.ts.", []],
    ["This function should probably be split up later.", []],
    ["To test locally, make sure to use the staging DB.", []],
    ["We use it in the login flow to cache users.", []],
    ["The chosen port conflicts with Docker.", []],
    ["We don't have access to prod.", []],
    ["Use the debugger in VS Code to step through.", []],
    ["assistant: Sure, running `npm run lint` now.", []],
    // speaker labels of a transcript are not part of the statement
    ["user: I prefer small PRs, one concern each.", ["preference"]],
    ["assistant: The config lives in ~/.config/app/config.json.", ["fact"]],
    // Rules read English only: CJK statements pass through without error and produce nothing.
    ["我们决定使用PostgreSQL 16。所有测试必须通过。", []],
    ["データベースはPostgreSQLを使います。", []],
    ["항상 테스트를 실행하세요.", []],
    // mixed messages keep only their durable sentences
    ["Thanks! We always squash before merging. Can you do that?", ["constraint"]],
    ["Looks good. Never log access tokens. What's next?", ["constraint"]],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected.join(", ") || "nothing"}`, () => {
      assert.deepEqual(kindsOf(input), expected);
    });
  }
});

describe("rules extractor: confidence", () => {
  const cases: Array<[input: string, min: number, max: number]> = [
    ["Never commit secrets to the repository.", 0.85, 1],
    ["We must always pin tool versions in CI.", 0.85, 1],
    ["We decided to use PostgreSQL 16 for billing.", 0.85, 1],
    ["Going forward, always normalize emails at the HTTP edge, never in the store.", 0.85, 1],
    ["Decision: keep SQLite for local development.", 0.85, 1],
    ["The API listens on port 8080.", 0.7, 0.85],
    ["We use pnpm workspaces.", 0.5, 0.7],
    ["Handlers should validate their input.", 0.5, 0.7],
    ["Maybe we should always use pnpm.", 0.5, 0.7],
    ["I think we decided to use Redis for sessions.", 0.5, 0.75],
  ];
  for (const [input, min, max] of cases) {
    it(`${JSON.stringify(input)} scores in [${min}, ${max})`, () => {
      const [candidate] = extractRules([makeSource(input)]);
      assert.ok(candidate !== undefined, "no candidate");
      assert.ok(candidate.confidence >= min && candidate.confidence < max, String(candidate.confidence));
    });
  }
});

describe("rules extractor: statements and text", () => {
  const cases: Array<[input: string, texts: string[]]> = [
    ["- Never push to main directly", ["Never push to main directly"]],
    ["* [x] Always rebase before merging", ["Always rebase before merging"]],
    ["1. Never push to main directly", ["Never push to main directly"]],
    ["> Note: we use pnpm instead of npm.", ["we use pnpm instead of npm."]],
    ["**Constraint:** secrets stay out of logs", ["secrets stay out of logs"]],
    [
      "We decided to use PostgreSQL 16 for billing\nand SQLite only for local tests.",
      ["We decided to use PostgreSQL 16 for billing and SQLite only for local tests."],
    ],
    ["We decided to use pnpm. It is faster than npm for us.", ["We decided to use pnpm."]],
    ["Never use e.g. `any` in exported types.", ["Never use e.g. `any` in exported types."]],
    ["```\nnever do this in code\n```\nAlways run lint.", ["Always run lint."]],
    ["~~~ts\n// we always use tabs\n~~~", []],
    ["```\nunterminated fence\nnever push to main", []],
    ["## Constraints\n- Secrets stay out of logs", ["Secrets stay out of logs"]],
    ["## Commands\n- `make setup`\n- lint the code", ["`make setup`"]],
    ["We decided the following:\n- use pnpm workspaces for the monorepo", ["use pnpm workspaces for the monorepo"]],
    ["| Never | push | to | main |\n|---|---|---|---|", []],
    [`Never ${"x".repeat(1000)}`, []],
  ];
  for (const [input, texts] of cases) {
    it(`${JSON.stringify(input.slice(0, 60))} yields ${JSON.stringify(texts)}`, () => {
      assert.deepEqual(
        extractRules([makeSource(input)]).map((candidate) => candidate.text),
        texts,
      );
    });
  }

  it("a labelled statement takes the label's kind", () => {
    assert.equal(classifyStatement("Fact: we deploy from the release branch")?.kind, "fact");
    assert.equal(classifyStatement("Preference: short commit subjects")?.kind, "preference");
  });
});

describe("rules extractor: sources, order and dedupe", () => {
  it("cites exactly the Source each candidate came from", () => {
    const candidates = extractRules([
      makeSource("Never commit secrets.", 1, "a"),
      makeSource("The API listens on port 8080.", 2, "b"),
    ]);
    assert.deepEqual(
      candidates.map((candidate) => candidate.source_refs),
      [[{ name: "content", source_id: "a" }], [{ name: "content", source_id: "b" }]],
    );
  });

  it("orders by source position, then appearance", () => {
    const candidates = extractRules([
      makeSource("Always run lint. Never push to main.", 7, "late"),
      makeSource("We decided to use pnpm for installs.", 3, "early"),
    ]);
    assert.deepEqual(
      candidates.map((candidate) => candidate.text),
      ["We decided to use pnpm for installs.", "Always run lint.", "Never push to main."],
    );
  });

  it("merges identical candidates, keeping every source and the highest confidence", () => {
    const candidates = extractRules([
      makeSource("Never push to main directly", 1, "a"),
      makeSource("## Rules\n- Never push to main directly\n- Never push to main directly", 2, "b"),
    ]);
    assert.equal(candidates.length, 1);
    assert.deepEqual(candidates[0]?.source_refs, [
      { name: "content", source_id: "a" },
      { name: "content", source_id: "b" },
    ]);
  });

  it("gives every candidate a kind, text, a confidence in [0, 1] and at least one source", () => {
    const content = "We decided to use pnpm.\nNever commit secrets.\nRun `npm test` before committing.\nI prefer tabs.";
    for (const candidate of extractRules([makeSource(content)])) {
      assert.ok(candidate.kind.length > 0 && candidate.text.length >= 12 && candidate.text.length <= 1000);
      assert.ok(candidate.confidence >= 0 && candidate.confidence <= 1);
      assert.equal(candidate.source_refs.length, 1);
    }
  });

  it("is exposed as the rules extractor", () => {
    assert.equal(RULES_EXTRACTOR.name, "rules");
    assert.deepEqual(RULES_EXTRACTOR.extract([]), []);
  });
});

describe("rules extractor: hostile input", () => {
  const inputs: Array<[name: string, content: string]> = [
    ["empty", ""],
    ["one long word", "a".repeat(200_000)],
    ["a repeated keyword", "must ".repeat(40_000)],
    ["spaces then a letter", `${" ".repeat(200_000)}x`],
    ["backticks", "`".repeat(200_000)],
    ["unclosed code spans", "Run `".repeat(40_000)],
    ["list markers", "- ".repeat(100_000)],
    ["line breaks", "\n".repeat(200_000)],
    ["continuation lines", "always a\n".repeat(22_000)],
    ["many short sentences", "a. ".repeat(66_000)],
    ["many durable sentences", "Never push to main. ".repeat(10_000)],
    ["headings", `# ${"#".repeat(100_000)}\u2028x`],
    ["heading spaces", `#${" ".repeat(200_000)}\u2028x`],
    ["quote markers", ">".repeat(200_000)],
    ["terminators", `${".".repeat(100_000)} ${"!".repeat(100_000)}`],
    ["binary junk", String.fromCharCode(...Array.from({ length: 60_000 }, (_, i) => (i * 7919) % 65_536))],
    ["lone surrogates", "\ud800never push to main\udc00".repeat(5_000)],
    ["CJK", "数据库迁移必须在事务中执行。".repeat(14_000)],
  ];
  for (const [name, content] of inputs) {
    it(`survives ${name} (${content.length} chars) quickly`, () => {
      const started = performance.now();
      const candidates = extractRules([makeSource(content)]);
      const elapsed = performance.now() - started;
      assert.ok(Array.isArray(candidates));
      assert.ok(elapsed < 2_000, `took ${elapsed.toFixed(0)} ms`);
    });
  }

  it("never throws on random text", () => {
    let seed = 42;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    const alphabet = "aeiou nrst`'\".,!?:;-*#>|\n\t_~()[]数ア한é\u0301🙂";
    for (let round = 0; round < 200; round += 1) {
      let content = "";
      const length = next() % 400;
      for (let i = 0; i < length; i += 1) content += alphabet.charAt(next() % alphabet.length);
      assert.doesNotThrow(() => extractRules([makeSource(content)]));
    }
  });
});
