// Experience and Skill artifacts every adapter must keep: the candidate state machine (api-v1.md §10.1) with its
// checks in order, immutable proposal versions, approvals writing the artifact's next revision only while the target
// is still the head, the inbox by status and family in id order, and Experience heads for recall.
import assert from "node:assert/strict";
import type { ArtifactCandidate } from "@powercontext/protocol";
import { proposeArtifact } from "../../domain/artifacts/proposal.ts";
import {
  approveArtifactCandidate,
  rejectArtifactCandidate,
  reviseArtifactCandidate,
} from "../../domain/artifacts/review-inbox.ts";
import { PowerContextError } from "../../errors.ts";
import { fixedClock, sequentialIds } from "../../testing/fakes.ts";
import type { Store } from "../types.ts";
import { NOW, describeContract, makeSource, type ContractTests } from "./builders.ts";

const SCOPE = "scope-a";
const EXPERIENCE = {
  situation: "Billing migrations failed on CI.",
  action: "Pinned the migration tool version.",
  outcome: "CI passed.",
  lesson: "Pin schema tooling in CI.",
};

function depsOf(store: Store) {
  return { store, clock: fixedClock(), ids: sequentialIds() };
}

async function propose(store: Store, deps = depsOf(store), proposal = EXPERIENCE): Promise<ArtifactCandidate> {
  const source = makeSource({ scope_id: SCOPE });
  await store.captureSource(source);
  return proposeArtifact(deps, "experience", {
    scope_id: SCOPE,
    proposal,
    source_refs: [{ name: "content", source_id: source.source_id }],
    artifact_refs: [],
  });
}

async function refusal(work: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof PowerContextError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
}

const write = (candidate: ArtifactCandidate, expected_version: number) => ({
  scope_id: SCOPE,
  candidate_id: candidate.candidate_id,
  expected_version,
});

const ARTIFACT_TESTS: ContractTests = {
  "pending v ─revise→ pending v+1 ─approve→ approved, then terminal for every write": async (store) => {
    const deps = depsOf(store);
    const candidate = await propose(store, deps);
    const revised = await reviseArtifactCandidate(deps, {
      ...write(candidate, 1),
      proposal: { ...EXPERIENCE, lesson: "Pin every schema tool in CI." },
      source_refs: candidate.source_refs,
      artifact_refs: [],
    });
    assert.equal(revised.version, 2);
    assert.deepEqual(await store.getArtifactCandidate(SCOPE, candidate.candidate_id), revised);
    const stale = await refusal(approveArtifactCandidate(deps, write(candidate, 1)));
    assert.deepEqual(stale, { code: "candidate_conflict", details: { expected_version: 1, current_version: 2 } });
    const approved = await approveArtifactCandidate(deps, write(candidate, 2));
    assert.equal(approved.status, "approved");
    assert.equal(approved.version, 2);
    assert.ok(approved.result_artifact);
    const revision = await store.getArtifactRevision(SCOPE, approved.result_artifact);
    assert.deepEqual(revision?.content, revised.proposal);
    assert.deepEqual(await store.getArtifactCandidate(SCOPE, candidate.candidate_id), approved);
    const attempts = [
      () => approveArtifactCandidate(deps, write(candidate, 2)),
      () => rejectArtifactCandidate(deps, { ...write(candidate, 2), reason: "late" }),
      () =>
        reviseArtifactCandidate(deps, {
          ...write(candidate, 2),
          proposal: EXPERIENCE,
          source_refs: candidate.source_refs,
          artifact_refs: [],
        }),
    ];
    for (const attempt of attempts) {
      assert.deepEqual(await refusal(attempt()), { code: "candidate_terminal", details: { status: "approved" } });
    }
  },

  "reject keeps the version, records the trimmed reason and writes no artifact": async (store) => {
    const deps = depsOf(store);
    const candidate = await propose(store, deps);
    const rejected = await rejectArtifactCandidate(deps, { ...write(candidate, 1), reason: "  Too specific.  " });
    assert.deepEqual(rejected, { ...candidate, status: "rejected", decision_reason: "Too specific." });
    assert.equal(await store.getArtifactHead(SCOPE, "experience", "exp_00000000000000000000000000000001"), null);
    assert.deepEqual(await refusal(rejectArtifactCandidate(deps, { ...write(candidate, 1), reason: "again" })), {
      code: "candidate_terminal",
      details: { status: "rejected" },
    });
    assert.deepEqual(
      await refusal(approveArtifactCandidate(deps, write({ ...candidate, candidate_id: "cand_x" }, 1))),
      {
        code: "candidate_not_found",
        details: null,
      },
    );
  },

  "the store refuses a commit whose version or target head moved, writing nothing": async (store) => {
    const deps = depsOf(store);
    const candidate = await propose(store, deps);
    const next = { ...candidate, version: 2 };
    const base = { scope_id: SCOPE, appends_version: true, revision: null, search_text: null, now: "n" };
    const moved = await store.commitArtifactCandidate({
      ...base,
      candidate: next,
      expected_version: 3,
      expected_head: null,
    });
    assert.deepEqual(moved, { status: "candidate_conflict", current_version: 1 });
    const head = await store.commitArtifactCandidate({
      ...base,
      candidate: next,
      expected_version: 1,
      expected_head: { family: "experience", artifact_id: "exp_missing", revision: 1 },
    });
    assert.deepEqual(head, { status: "artifact_conflict", current: null });
    assert.deepEqual(await store.getArtifactCandidate(SCOPE, candidate.candidate_id), candidate);
  },

  "two approvals targeting one head: the second is artifact_conflict with the new head": async (store) => {
    const deps = depsOf(store);
    const original = await approveArtifactCandidate(deps, write(await propose(store, deps), 1));
    const target = original.result_artifact;
    assert.ok(target);
    const source = original.source_refs;
    const revise = () =>
      proposeArtifact(deps, "experience", {
        scope_id: SCOPE,
        proposal: EXPERIENCE,
        source_refs: source,
        artifact_refs: [target],
        target,
      });
    const [a, b] = [await revise(), await revise()];
    const first = await approveArtifactCandidate(deps, write(a, 1));
    assert.deepEqual(first.result_artifact, { ...target, revision: 2 });
    const second = await refusal(approveArtifactCandidate(deps, write(b, 1)));
    assert.deepEqual(second, { code: "artifact_conflict", details: { current: { ...target, revision: 2 } } });
    assert.equal((await store.getArtifactCandidate(SCOPE, b.candidate_id))?.status, "pending");
    assert.deepEqual(await store.getArtifactHead(SCOPE, "experience", target.artifact_id), { ...target, revision: 2 });
  },

  "the inbox pages heads by status and family in candidate id order": async (store) => {
    const deps = depsOf(store);
    const made = [await propose(store, deps), await propose(store, deps), await propose(store, deps)];
    await rejectArtifactCandidate(deps, { ...write(made[1] as ArtifactCandidate, 1), reason: "no" });
    const first = await store.listArtifactCandidates({
      scope_id: SCOPE,
      status: "pending",
      family: null,
      cursor: null,
      limit: 1,
    });
    assert.deepEqual(
      first.candidates.map((c) => c.candidate_id),
      [made[0]?.candidate_id],
    );
    assert.equal(first.next_cursor, made[0]?.candidate_id);
    const rest = await store.listArtifactCandidates({
      scope_id: SCOPE,
      status: "pending",
      family: "experience",
      cursor: first.next_cursor,
      limit: 5,
    });
    assert.deepEqual(
      rest.candidates.map((c) => c.candidate_id),
      [made[2]?.candidate_id],
    );
    assert.equal(rest.next_cursor, null);
    const skills = await store.listArtifactCandidates({
      scope_id: SCOPE,
      status: "pending",
      family: "skill",
      cursor: null,
      limit: 5,
    });
    assert.deepEqual(skills.candidates, []);
    const other = await store.listArtifactCandidates({
      scope_id: "scope-b",
      status: "pending",
      family: null,
      cursor: null,
      limit: 5,
    });
    assert.deepEqual(other.candidates, []);
  },

  "approved Experience heads are found by their terms, the revised head only": async (store) => {
    const deps = depsOf(store);
    const approved = await approveArtifactCandidate(deps, write(await propose(store, deps), 1));
    const target = approved.result_artifact;
    assert.ok(target);
    const hits = await store.searchExperiences(SCOPE, ["migrat", "ci", "absent"], 8);
    assert.deepEqual(
      hits.map((hit) => [hit.revision.artifact, hit.matched_terms]),
      [[target, 2]],
    );
    const revised = await proposeArtifact(deps, "experience", {
      scope_id: SCOPE,
      proposal: { ...EXPERIENCE, lesson: "Pin schema tooling in CI and in releases." },
      source_refs: approved.source_refs,
      artifact_refs: [target],
      target,
    });
    await approveArtifactCandidate(deps, write(revised, 1));
    const after = await store.searchExperiences(SCOPE, ["releas"], 8);
    assert.deepEqual(
      after.map((hit) => hit.revision.artifact.revision),
      [2],
    );
    assert.deepEqual(await store.searchExperiences(SCOPE, ["pin"], 8).then((h) => h.length), 1);
    assert.deepEqual(await store.searchExperiences("scope-b", ["pin"], 8), []);
  },

  "the inventory counts artifact identities and candidates by family and status": async (store) => {
    const deps = depsOf(store);
    const approved = await approveArtifactCandidate(deps, write(await propose(store, deps), 1));
    const target = approved.result_artifact;
    assert.ok(target);
    const revised = await proposeArtifact(deps, "experience", {
      scope_id: SCOPE,
      proposal: EXPERIENCE,
      source_refs: approved.source_refs,
      artifact_refs: [target],
      target,
    });
    await approveArtifactCandidate(deps, write(revised, 1));
    await rejectArtifactCandidate(deps, { ...write(await propose(store, deps), 1), reason: "no" });
    await propose(store, deps);
    assert.deepEqual(await store.artifactInventory(SCOPE), {
      artifacts: [{ family: "experience", total: 1 }],
      candidates: [
        { family: "experience", status: "approved", total: 2 },
        { family: "experience", status: "pending", total: 1 },
        { family: "experience", status: "rejected", total: 1 },
      ],
    });
    assert.deepEqual(await store.artifactInventory("scope-b"), { artifacts: [], candidates: [] });
  },

  "purging a Source removes the candidates and revisions citing it; purging the scope removes them all": async (
    store,
  ) => {
    const deps = depsOf(store);
    const kept = await propose(store, deps);
    const cited = await approveArtifactCandidate(deps, write(await propose(store, deps), 1));
    const sourceId = cited.source_refs[0]?.source_id ?? "";
    const purged = await store.purgeSource(SCOPE, sourceId, NOW);
    assert.equal(purged.status === "purged" && purged.audit.removed.candidates, 1);
    assert.equal(await store.getArtifactCandidate(SCOPE, cited.candidate_id), null);
    assert.ok(cited.result_artifact);
    assert.equal(await store.getArtifactRevision(SCOPE, cited.result_artifact), null);
    assert.deepEqual(await store.searchExperiences(SCOPE, ["migrat"], 8), []);
    assert.deepEqual(await store.getArtifactCandidate(SCOPE, kept.candidate_id), kept);
    const scope = await store.purgeScope(SCOPE, NOW);
    assert.equal(scope.status === "purged" && scope.audit.removed.candidates, 1);
    assert.deepEqual(await store.artifactInventory(SCOPE), { artifacts: [], candidates: [] });
  },
};

export function artifactsContract(open: () => Promise<Store>): void {
  describeContract("artifacts", open, ARTIFACT_TESTS);
}
