import assert from "node:assert/strict";
import { test } from "node:test";
import { describeUnexpected, failOpen } from "./fail-open.ts";

test("failOpen turns throws and rejections into a logged undefined, described by the package", async () => {
  const lines: [string, Record<string, unknown> | undefined][] = [];
  const reporting = {
    log: (event: string, detail?: Record<string, unknown>) => void lines.push([event, detail]),
    describe: (error: unknown) => ({ code: error instanceof RangeError ? "out_of_range" : "unexpected" }),
  };
  const sync = failOpen(reporting, "hook", (): number => {
    throw new RangeError("too far");
  });
  const async = failOpen(reporting, "hook", async (): Promise<number> => {
    throw new Error("boom");
  });
  assert.equal(await sync(), undefined);
  assert.equal(await async(), undefined);
  assert.equal(await failOpen(reporting, "hook", (x: number) => x + 1)(1), 2);
  assert.deepEqual(lines, [
    ["hook.failed", { code: "out_of_range" }],
    ["hook.failed", { code: "unexpected" }],
  ]);
});

test("an error no package knows is described by its name and message", () => {
  const cases: [unknown, Record<string, unknown>][] = [
    [new TypeError("bad"), { code: "unexpected", name: "TypeError", message: "bad" }],
    ["a string", { code: "unexpected" }],
  ];
  for (const [error, expected] of cases) assert.deepEqual(describeUnexpected(error), expected);
});
