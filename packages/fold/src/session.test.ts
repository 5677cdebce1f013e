import assert from "node:assert/strict";
import { test } from "node:test";
import { sha256Hex } from "./digest.ts";
import { openMemoryFoldStore } from "./fold-store.ts";
import { validateOptions } from "./config.ts";
import { FoldSession } from "./session.ts";
import { STATUS_RECENT } from "./status.ts";
import { committedState } from "./testing/committed.ts";
import { generateTranscript, user } from "./testing/transcript.ts";
import type { Message } from "./types.ts";

interface CacheStatus {
  pureAppends: number;
  projectionRewrites: number;
  messageDigests: { count: number; last: string[] };
}

test("a cold session's status digests are those of the projected bytes; a rebuilt view with an injected message in place is no rewrite", async () => {
  const all = generateTranscript({ seed: 3, stages: 30, batches: 3, resultChars: 300 });
  const half = all.slice(0, 120);
  const state = committedState(half);
  const session = new FoldSession(
    validateOptions({ providerInputBudget: 100_000_000 }),
    { persist: () => undefined },
    openMemoryFoldStore(),
  );
  session.state = state;
  const entries = all.map((item) => ({ type: "message", id: item.id, message: item.message }));
  const injected = user("from another extension, with no entry", 1);
  const request = (length: number): Message[] => [
    ...all.slice(0, 120).map((item) => structuredClone(item.message)),
    structuredClone(injected),
    ...all.slice(120, length).map((item) => structuredClone(item.message)),
  ];
  const first = await session.onContext(request(120), entries.slice(0, 120), undefined);
  assert.equal(first.kind, "project");
  const projected = first.kind === "project" ? first.messages : [];
  assert.ok(projected.length < 121, "the committed folds show as briefs");
  const cold = session.status().cache as CacheStatus;
  assert.deepEqual(cold.messageDigests, {
    count: projected.length,
    last: projected.slice(-STATUS_RECENT).map((message) => sha256Hex(JSON.stringify(message)).slice(0, 12)),
  });
  session.state = structuredClone(state);
  await session.onContext(request(124), entries.slice(0, 124), undefined);
  const next = session.status().cache as CacheStatus;
  assert.equal(next.pureAppends, 1);
  assert.equal(next.projectionRewrites, 0);
});

test("a person's commit with nothing pending is no commit: nothing is persisted or counted", async () => {
  const persisted: unknown[] = [];
  const session = new FoldSession(
    validateOptions({ providerInputBudget: 100_000 }),
    { persist: (state) => void persisted.push(state) },
    openMemoryFoldStore(),
  );
  const all = generateTranscript({ seed: 5, stages: 3, batches: 1, resultChars: 50 });
  const entries = all.map((item) => ({ type: "message", id: item.id, message: item.message }));
  await session.onContext(
    all.map((item) => structuredClone(item.message)),
    entries,
    undefined,
  );
  assert.equal(await session.commitMarks(), null);
  assert.deepEqual(persisted, []);
  assert.equal(session.state.commits.length, 0);
  assert.equal(session.status(all.length + 1).session.messages, all.length + 1);
});
