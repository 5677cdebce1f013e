import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { PiEnvironment } from "../../pi/src/config.ts";
import { StateEnvironment } from "../../state/src/config.ts";
import { deprecationNotice, formerNamesIn, SETTING_NAMES, withCurrentNames } from "./setting-names.ts";

test("each former name maps to its current name, the current name wins, and empty values count as unset", () => {
  const env = {
    POWERCONTEXT_MODEL_NAME: "former",
    POWERCONTEXT_SERVER_MODEL_NAME: "current",
    POWERCONTEXT_REVIEW_POLICY: "manual",
    POWERCONTEXT_SERVER_URL: "",
  };
  assert.deepEqual(formerNamesIn(env), [
    { former: "POWERCONTEXT_REVIEW_POLICY", current: "POWERCONTEXT_SERVER_REVIEW_POLICY" },
    { former: "POWERCONTEXT_MODEL_NAME", current: "POWERCONTEXT_SERVER_MODEL_NAME" },
  ]);
  const current = withCurrentNames(env);
  assert.equal(current.POWERCONTEXT_SERVER_MODEL_NAME, "current");
  assert.equal(current.POWERCONTEXT_SERVER_REVIEW_POLICY, "manual");
  assert.equal(current.POWERCONTEXT_CLIENT_SERVER_URL, undefined);
  assert.equal(deprecationNotice([]), null);
  const notice = deprecationNotice(formerNamesIn(env)) ?? "";
  assert.equal(notice.split("\n").length, 1, "one line");
  assert.match(notice, /POWERCONTEXT_REVIEW_POLICY → POWERCONTEXT_SERVER_REVIEW_POLICY, POWERCONTEXT_MODEL_NAME →/);
});

test("every current name follows the scheme and no name is listed twice", () => {
  const names = SETTING_NAMES.flatMap(({ name, former }) => (former === undefined ? [name] : [name, former]));
  assert.equal(new Set(names).size, names.length);
  for (const { name } of SETTING_NAMES) assert.match(name, /^POWERCONTEXT_(HOME|SERVER_[A-Z_]+|CLIENT_[A-Z_]+)$/);
});

test("docs/configuration.md has one table naming every setting, its former name, and the Pi packages' settings", () => {
  const docs = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  const rows = docs.split("\n").filter((line) => /^\| `POWERCONTEXT_/.test(line));
  const listed = rows.map((row) => /^\| `([A-Z_]+)`/.exec(row)?.[1]);
  const expected = [
    ...SETTING_NAMES.map(({ name }) => name),
    ...Object.keys(PiEnvironment.properties),
    ...Object.keys(StateEnvironment.properties).filter((name) => name.startsWith("POWERCONTEXT_")),
    "POWERCONTEXT_PI_HOST",
    "POWERCONTEXT_DASHBOARD_SCREENSHOTS",
  ];
  assert.deepEqual([...listed].sort(), [...expected].sort());
  for (const { name, former } of SETTING_NAMES) {
    const row = rows.find((line) => line.startsWith(`| \`${name}\``)) ?? "";
    if (former !== undefined) assert.ok(row.includes(`\`${former}\``), `${name}'s row names ${former}`);
  }
});
