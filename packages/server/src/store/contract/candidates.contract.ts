// Candidates every adapter must keep: flushed candidates and their approvals, duplicate approvals pointing at the
// existing entry, the versioned review, and the inbox in id order.
import assert from "node:assert/strict";
import { commitFlush } from "../../domain/journal/commit-flush.ts";
import { decideCandidate, type CandidateDecision } from "../../domain/review/decide-candidate.ts";
import type { Store } from "../types.ts";
import { NOW, approved, makeEntry, pending, remember, describeContract, type ContractTests } from "./builders.ts";

const CANDIDATE_TESTS: ContractTests = {
  "never creates a second active entry for an exact or near duplicate": async (store) => {
    const existing = await remember(store, "Use PostgreSQL 16 for billing.");
    const twin = makeEntry("Use PostgreSQL 16 for billing.");
    const near = makeEntry("Use PostgreSQL 16 for the billing service.");
    const result = await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 0,
      candidates: [approved(twin), approved(near, existing.citation.entry_id)],
      now: NOW,
    });
    assert.equal(result.status === "committed" && result.written, false);
    assert.equal((await store.listEntries("scope-a", true)).entries.length, 1);
    const page = await store.listCandidates({ scope_id: "scope-a", status: "approved", cursor: null, limit: 10 });
    assert.deepEqual(
      page.candidates.map((c) => c.result?.entry_id),
      [existing.citation.entry_id, existing.citation.entry_id],
    );
  },

  "approves two candidates saying the same thing in one flush as one entry": async (store) => {
    const [first, second] = [approved(makeEntry("Ship on Fridays.")), approved(makeEntry("Ship on Fridays."))];
    assert.ok(first && second);
    await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 0,
      candidates: [first, second],
      now: NOW,
    });
    const { entries } = await store.listEntries("scope-a", true);
    assert.equal(entries.length, 1);
    const page = await store.listCandidates({ scope_id: "scope-a", status: "approved", cursor: null, limit: 10 });
    assert.deepEqual(
      page.candidates.map((c) => c.result),
      [entries[0]?.citation, entries[0]?.citation],
    );
  },

  "moves a candidate through review with version checks": async (store) => {
    const candidate = pending("Prefer tabs.");
    await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 0,
      candidates: [candidate],
      now: NOW,
    });
    const review = (expected: number, decision: CandidateDecision) =>
      decideCandidate(store, {
        scope_id: "scope-a",
        candidate_id: candidate.candidate_id,
        expected_version: expected,
        decision,
        now: NOW,
      });
    const revised = await review(1, {
      action: "revise",
      proposal: { kind: "preference", text: "Prefer spaces." },
      reason: null,
    });
    assert.equal(revised.status === "ok" && revised.candidate.version, 2);
    assert.deepEqual(await review(1, { action: "reject", reviewer: "user:a", reason: "no" }), {
      status: "candidate_conflict",
      current_version: 2,
    });
    const ok = await review(2, {
      action: "approve",
      reviewer: "user:a",
      entry: makeEntry("Prefer spaces."),
      near_duplicate_of: null,
    });
    assert.equal(ok.status === "ok" && ok.candidate.status, "approved");
    assert.equal(ok.status === "ok" && ok.candidate.result?.memory_ref.revision, 1);
    assert.deepEqual(ok.status === "ok" && ok.candidate, await store.getCandidate("scope-a", candidate.candidate_id));
    assert.deepEqual(await review(2, { action: "reject", reviewer: "user:a", reason: "late" }), {
      status: "candidate_terminal",
      current: "approved",
    });
    assert.deepEqual(
      await decideCandidate(store, {
        scope_id: "scope-b",
        candidate_id: candidate.candidate_id,
        expected_version: 1,
        decision: { action: "reject", reviewer: "u", reason: "r" },
        now: NOW,
      }),
      { status: "candidate_not_found" },
    );
  },

  "lets exactly one of several concurrent reviews of one version land": async (store) => {
    const candidate = pending("Prefer small commits.");
    await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 0,
      candidates: [candidate],
      now: NOW,
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        decideCandidate(store, {
          scope_id: "scope-a",
          candidate_id: candidate.candidate_id,
          expected_version: 1,
          decision: { action: "revise", proposal: { kind: "preference", text: `Take ${i}.` }, reason: null },
          now: NOW,
        }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [
      "candidate_conflict",
      "candidate_conflict",
      "candidate_conflict",
      "ok",
    ]);
    assert.equal((await store.getCandidate("scope-a", candidate.candidate_id))?.version, 2);
  },

  "pages candidates in id order": async (store) => {
    const candidates = Array.from({ length: 5 }, (_, i) => pending(`c${i}`));
    await commitFlush(store, { scope_id: "scope-a", previous_cursor: 0, current_cursor: 0, candidates, now: NOW });
    const first = await store.listCandidates({ scope_id: "scope-a", status: "pending", cursor: null, limit: 3 });
    const second = await store.listCandidates({
      scope_id: "scope-a",
      status: "pending",
      cursor: first.next_cursor,
      limit: 3,
    });
    assert.equal(first.candidates.length, 3);
    assert.equal(second.next_cursor, null);
    assert.deepEqual(
      [...first.candidates, ...second.candidates].map((c) => c.candidate_id),
      candidates.map((c) => c.candidate_id),
    );
  },
};

export function candidatesContract(open: () => Promise<Store>): void {
  describeContract("candidates", open, CANDIDATE_TESTS);
}
