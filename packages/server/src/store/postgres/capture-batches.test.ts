import assert from "node:assert/strict";
import { test } from "node:test";
import { makeSource } from "../contract/builders.ts";
import type { CaptureResult, NewSource } from "../types.ts";
import { batchCaptures } from "./capture-batches.ts";

/** A batch writer that records each batch and finishes when the test releases it. */
function recordingWriter() {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  let positions = 0;
  const writeBatch = (sources: NewSource[]): Promise<CaptureResult[]> => {
    batches.push(sources.map((s) => s.source_id));
    return new Promise((resolve, reject) => {
      releases.push(() => {
        if (sources.some((s) => s.source_id === "fail")) {
          reject(new Error("batch failed"));
          return;
        }
        resolve(
          sources.map((s) => ({
            status: "created",
            receipt: {
              source: { name: "content", source_id: s.source_id },
              position: (positions += 1),
              redaction_count: 0,
            },
          })),
        );
      });
    });
  };
  const release = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, writeBatch, release };
}

const position = (result: CaptureResult): number => (result.status === "conflict" ? -1 : result.receipt.position);

test("an idle scope writes a capture at once; captures arriving meanwhile go together in the next batch, in order", async () => {
  const { batches, writeBatch, release } = recordingWriter();
  const capture = batchCaptures(writeBatch);
  const first = capture(makeSource({ source_id: "a" }));
  assert.deepEqual(batches, [["a"]]);
  const later = ["b", "c", "d"].map((source_id) => capture(makeSource({ source_id })));
  await release();
  assert.equal(position(await first), 1);
  assert.deepEqual(batches, [["a"], ["b", "c", "d"]]);
  await release();
  assert.deepEqual((await Promise.all(later)).map(position), [2, 3, 4]);
});

test("scopes are batched independently", async () => {
  const { batches, writeBatch, release } = recordingWriter();
  const capture = batchCaptures(writeBatch);
  const a = capture(makeSource({ scope_id: "one", source_id: "a" }));
  const b = capture(makeSource({ scope_id: "two", source_id: "b" }));
  assert.deepEqual(batches, [["a"], ["b"]]);
  await release();
  await release();
  await Promise.all([a, b]);
});

test("a failed batch fails its own captures only", async () => {
  const { writeBatch, release } = recordingWriter();
  const capture = batchCaptures(writeBatch);
  const ok = capture(makeSource({ source_id: "a" }));
  const failing = Promise.allSettled([
    capture(makeSource({ source_id: "fail" })),
    capture(makeSource({ source_id: "x" })),
  ]);
  await release();
  await release();
  assert.equal((await ok).status, "created");
  assert.deepEqual(
    (await failing).map((result) => result.status),
    ["rejected", "rejected"],
  );
  const after = capture(makeSource({ source_id: "y" }));
  await release();
  assert.equal((await after).status, "created");
});

test("a batch holds at most maxSources captures and maxChars content characters, but always at least one", async () => {
  const { batches, writeBatch, release } = recordingWriter();
  const capture = batchCaptures(writeBatch, { maxSources: 2, maxChars: 10 });
  const all = [capture(makeSource({ source_id: "a" }))];
  for (const [source_id, content] of [
    ["b", "x"],
    ["c", "x"],
    ["d", "x"],
    ["e", "x".repeat(50)],
    ["f", "x".repeat(5)],
    ["g", "x".repeat(6)],
  ]) {
    all.push(capture(makeSource({ source_id, content })));
  }
  for (let i = 0; i < 6; i += 1) await release();
  await Promise.all(all);
  assert.deepEqual(batches, [["a"], ["b", "c"], ["d"], ["e"], ["f"], ["g"]]);
});
