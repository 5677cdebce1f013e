import assert from "node:assert/strict";
import { test } from "node:test";
import { takeJsonFlag } from "./command-args.ts";

test("--json counts as a leading or trailing token only", () => {
  assert.deepEqual(takeJsonFlag(""), { json: false, rest: "" });
  assert.deepEqual(takeJsonFlag(" stats --json "), { json: true, rest: "stats" });
  assert.deepEqual(takeJsonFlag("--json"), { json: true, rest: "" });
  assert.deepEqual(takeJsonFlag("--json remember a  b"), { json: true, rest: "remember a  b" });
  assert.deepEqual(takeJsonFlag("remember use --json flags"), { json: false, rest: "remember use --json flags" });
  assert.deepEqual(takeJsonFlag("remember a--json"), { json: false, rest: "remember a--json" });
});
