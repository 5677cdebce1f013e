// Continuity every adapter must keep: Handoff revisions with a CAS on the head, the handoff activation cursor, and
// daily model usage counters.
import assert from "node:assert/strict";
import { canonicalJson } from "@powercontext/protocol";
import type { HandoffCommit, JsonObject, ModelUsageSample, Store } from "../types.ts";
import { NOW, describeContract, type ContractTests } from "./builders.ts";

export function makeHandoffContent(objective: string): JsonObject {
  return {
    schema: "powercontext.handoff.v1",
    objective,
    state: [{ text: "State.", citations: [{ kind: "source", source_ref: { name: "content", source_id: "s1" } }] }],
    disposition: "continuable",
    next_action: null,
    omissions: [],
  };
}

function commitOf(scope_id: string, base_revision: number | null, objective: string): HandoffCommit {
  const content = makeHandoffContent(objective);
  return { scope_id, base_revision, content, content_key: canonicalJson(content), now: NOW };
}

function usage(overrides: Partial<ModelUsageSample> = {}): ModelUsageSample {
  return {
    scope_id: "scope-a",
    date: "2026-11-29",
    purpose: "handoff_generation",
    kind: "generation",
    requests: 1,
    input_tokens: 100,
    output_tokens: 20,
    ...overrides,
  };
}

const CONTINUITY_TESTS: ContractTests = {
  "has no Handoff head and a zero cursor in a new scope": async (store) => {
    assert.equal(await store.getHandoffHead("scope-a"), null);
    assert.equal(await store.getHandoffRevision("scope-a", 1), null);
    assert.equal(await store.getHandoffCursor("scope-a"), 0);
  },

  "commits revisions 1, 2, … on the head it saw and keeps every revision readable": async (store) => {
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", null, "one")), {
      status: "committed",
      revision: 1,
    });
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", 1, "two")), {
      status: "committed",
      revision: 2,
    });
    const head = await store.getHandoffHead("scope-a");
    assert.equal(head?.revision, 2);
    assert.deepEqual(head?.content, makeHandoffContent("two"));
    assert.equal(head?.committed_at, NOW);
    assert.deepEqual((await store.getHandoffRevision("scope-a", 1))?.content, makeHandoffContent("one"));
    assert.equal(await store.getHandoffHead("scope-b"), null);
  },

  "refuses a stale or missing base and reports the head": async (store) => {
    await store.commitHandoff(commitOf("scope-a", null, "one"));
    await store.commitHandoff(commitOf("scope-a", 1, "two"));
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", 1, "three")), {
      status: "revision_conflict",
      head: 2,
    });
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", null, "three")), {
      status: "revision_conflict",
      head: 2,
    });
    assert.deepEqual(await store.commitHandoff(commitOf("scope-b", 4, "x")), {
      status: "revision_conflict",
      head: null,
    });
    assert.equal((await store.getHandoffHead("scope-a"))?.revision, 2);
  },

  "answers unchanged, whatever the base, when the head already has the same content": async (store) => {
    await store.commitHandoff(commitOf("scope-a", null, "one"));
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", null, "one")), {
      status: "unchanged",
      revision: 1,
    });
    assert.deepEqual(await store.commitHandoff(commitOf("scope-a", 7, "one")), {
      status: "unchanged",
      revision: 1,
    });
    assert.equal((await store.getHandoffHead("scope-a"))?.revision, 1);
  },

  "lets exactly one of several concurrent commits on the same base win": async (store) => {
    await store.commitHandoff(commitOf("scope-a", null, "base"));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.commitHandoff(commitOf("scope-a", 1, `c${i}`))),
    );
    assert.equal(results.filter((r) => r.status === "committed").length, 1);
    assert.equal((await store.getHandoffHead("scope-a"))?.revision, 2);
  },

  "advances the handoff cursor only from the value the caller saw, and only forward": async (store) => {
    assert.deepEqual(await store.advanceHandoffCursor("scope-a", 0, 5), { status: "advanced" });
    assert.equal(await store.getHandoffCursor("scope-a"), 5);
    assert.deepEqual(await store.advanceHandoffCursor("scope-a", 0, 9), { status: "behind", cursor: 5 });
    assert.deepEqual(await store.advanceHandoffCursor("scope-a", 5, 5), { status: "behind", cursor: 5 });
    assert.deepEqual(await store.advanceHandoffCursor("scope-a", 5, 9), { status: "advanced" });
    assert.equal(await store.getHandoffCursor("scope-a"), 9);
    assert.equal(await store.getHandoffCursor("scope-b"), 0);
  },

  "adds model usage per scope, day, purpose and kind; tokens stay null until reported": async (store) => {
    await store.addModelUsage([usage(), usage({ input_tokens: 5, output_tokens: 1 })]);
    await store.addModelUsage([usage({ purpose: "memory_extraction", input_tokens: null, output_tokens: null })]);
    await store.addModelUsage([
      usage({ date: "2026-11-27" }),
      usage({ date: "2026-11-01" }),
      usage({ scope_id: "scope-b" }),
    ]);
    const rows = await store.readModelUsage("scope-a", "2026-11-02", "2026-11-29");
    assert.deepEqual(rows, [
      usage({ date: "2026-11-27" }),
      usage({ purpose: "handoff_generation", requests: 2, input_tokens: 105, output_tokens: 21 }),
      usage({ purpose: "memory_extraction", input_tokens: null, output_tokens: null }),
    ]);
    await store.addModelUsage([usage({ purpose: "memory_extraction", input_tokens: 7, output_tokens: null })]);
    const later = await store.readModelUsage("scope-a", "2026-11-29", "2026-11-29");
    assert.deepEqual(
      later.at(-1),
      usage({ purpose: "memory_extraction", requests: 2, input_tokens: 7, output_tokens: null }),
    );
  },
};

export function continuityContract(open: () => Promise<Store>): void {
  describeContract("continuity", open, CONTINUITY_TESTS);
}
