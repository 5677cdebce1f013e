import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "./errors.ts";
import { failOpen } from "./fail-open.ts";

test("failOpen turns throws and rejections into a logged undefined", async () => {
  const lines: [string, Record<string, unknown> | undefined][] = [];
  const log = (event: string, detail?: Record<string, unknown>) => void lines.push([event, detail]);
  const sync = failOpen(log, "hook", (): number => {
    throw new PiError("transport_failed", "down");
  });
  const async = failOpen(log, "hook", async (): Promise<number> => {
    throw new Error("boom");
  });
  assert.equal(await sync(), undefined);
  assert.equal(await async(), undefined);
  assert.equal(await failOpen(log, "hook", (x: number) => x + 1)(1), 2);
  assert.deepEqual(
    lines.map(([event, detail]) => [event, detail?.code]),
    [
      ["hook.failed", "transport_failed"],
      ["hook.failed", "unexpected"],
    ],
  );
});
