// Experience and Skill artifacts through the data lifecycle, on every adapter: an export carries every candidate
// version and every artifact revision, a fresh store importing it reads the same heads (so Experience recall, and
// with it context/prepare, answers the same), re-running an import duplicates nothing, a revision in another's place
// stops the import by line, and a scope purge removes the artifacts and the scope's Report Workstream.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ArtifactCandidate, ExportLine } from "@powercontext/protocol";
import { checkExportLine } from "@powercontext/protocol/schemas";
import { proposeArtifact } from "../../domain/artifacts/proposal.ts";
import { approveArtifactCandidate, reviseArtifactCandidate } from "../../domain/artifacts/review-inbox.ts";
import { importScope, type NumberedLine } from "../../domain/lifecycle/import-scope.ts";
import { fixedClock, sequentialIds } from "../../testing/fakes.ts";
import type { Store } from "../types.ts";
import { makeSource, NOW } from "./builders.ts";
import { makeProject, makeWorkstream } from "./handoff-reports.contract.ts";
import { exportedLines } from "./lifecycle.contract.ts";

const SCOPE = "scope-a";
const EXPERIENCE = {
  situation: "Billing migrations failed on CI.",
  action: "Pinned the migration tool version.",
  outcome: "CI passed.",
  lesson: "Pin schema tooling in CI.",
};

async function propose(store: Store, ids: ReturnType<typeof sequentialIds>, target: ArtifactCandidate | null) {
  const source = makeSource({ scope_id: SCOPE });
  await store.captureSource(source);
  const deps = { store, clock: fixedClock(), ids };
  return proposeArtifact(deps, "experience", {
    scope_id: SCOPE,
    proposal: target ? { ...EXPERIENCE, lesson: "Pin every schema tool in CI." } : EXPERIENCE,
    source_refs: [{ name: "content", source_id: source.source_id }],
    artifact_refs: target?.result_artifact ? [target.result_artifact] : [],
    target: target?.result_artifact ?? null,
  });
}

/** An Experience approved twice (revisions 1 and 2), and a pending one revised to version 2. */
async function fillArtifacts(store: Store): Promise<void> {
  const ids = sequentialIds();
  const deps = { store, clock: fixedClock(), ids };
  const decide = (candidate: ArtifactCandidate) =>
    approveArtifactCandidate(deps, { scope_id: SCOPE, candidate_id: candidate.candidate_id, expected_version: 1 });
  const first = await decide(await propose(store, ids, null));
  await decide(await propose(store, ids, first));
  const pending = await propose(store, ids, null);
  await reviseArtifactCandidate(deps, {
    scope_id: SCOPE,
    candidate_id: pending.candidate_id,
    expected_version: 1,
    proposal: { ...EXPERIENCE, outcome: "CI passed twice." },
    source_refs: pending.source_refs,
    artifact_refs: [],
  });
}

async function* numbered(lines: readonly ExportLine[]): AsyncGenerator<NumberedLine> {
  for (const [index, line] of lines.entries()) yield { number: index + 1, line };
}

const TERMS = ["pin", "schema", "ci"];

type Open = () => Promise<Store>;

/** Each test gets a fresh store, and may open a second one to import into. */
const LIFECYCLE_ARTIFACT_TESTS: Record<string, (store: Store, open: Open) => Promise<void>> = {
  "an export carries every artifact candidate version and revision, and an import reads the same heads": async (
    store,
    open,
  ) => {
    await fillArtifacts(store);
    const lines = await exportedLines(store);
    const end = lines.at(-1);
    assert.deepEqual(end?.type === "end" && [end.counts.artifact_candidates, end.counts.artifact_revisions], [3, 2]);
    // The lines as a file holds them pass the schema check the import command runs first.
    for (const line of lines) assert.deepEqual(checkExportLine(JSON.parse(JSON.stringify(line))).ok, true);
    const pending = lines.find((line) => line.type === "artifact_candidate" && line.candidate.status === "pending");
    assert.deepEqual(
      pending?.type === "artifact_candidate" && pending.versions.map((v) => v.candidate.version),
      [1, 2],
    );
    const target = await open();
    try {
      // Half first, as an interrupted import leaves it; the second run finishes it and duplicates nothing.
      await importScope({ store: target }, numbered(lines.slice(0, lines.length - 4)));
      await importScope({ store: target }, numbered(lines));
      const third = await importScope({ store: target }, numbered(lines));
      assert.deepEqual([third.created.artifact_candidate, third.created.artifact_revision], [0, 0]);
      assert.deepEqual([third.existing.artifact_candidate, third.existing.artifact_revision], [3, 2]);
      assert.deepEqual(await exportedLines(target, 3), lines);
      assert.deepEqual(await target.searchExperiences(SCOPE, TERMS, 5), await store.searchExperiences(SCOPE, TERMS, 5));
      assert.equal((await target.searchExperiences(SCOPE, TERMS, 5)).length, 1);
      assert.deepEqual(await target.artifactInventory(SCOPE), await store.artifactInventory(SCOPE));
    } finally {
      await target.close();
    }
  },

  "an import stops at an artifact revision whose place holds another one": async (store, open) => {
    await fillArtifacts(store);
    const lines = await exportedLines(store);
    const index = lines.findIndex((line) => line.type === "artifact_revision");
    const line = lines[index];
    assert.ok(line?.type === "artifact_revision");
    const target = await open();
    try {
      const other = { ...line, created_at: "2020-01-01T00:00:00.000Z" };
      await importScope({ store: target }, numbered([lines[0] as ExportLine, other]));
      await assert.rejects(importScope({ store: target }, numbered(lines)), {
        code: "revision_conflict",
        details: { line: index + 1, kind: "artifact_revision", scope_id: SCOPE },
      });
    } finally {
      await target.close();
    }
  },

  "a purge that removes an artifact's head makes the revision before it the head, on the copy too": async (
    store,
    open,
  ) => {
    await fillArtifacts(store);
    const heads = await store.searchExperiences(SCOPE, TERMS, 5);
    const newest = heads[0]?.revision;
    assert.equal(newest?.artifact.revision, 2);
    const purged = await store.purgeSource(SCOPE, newest?.source_refs[0]?.source_id ?? "", NOW);
    assert.equal(purged.status, "purged");
    const after = await store.searchExperiences(SCOPE, TERMS, 5);
    assert.deepEqual(
      after.map((hit) => hit.revision.artifact.revision),
      [1],
    );
    const target = await open();
    try {
      await importScope({ store: target }, numbered(await exportedLines(store)));
      assert.deepEqual(await target.searchExperiences(SCOPE, TERMS, 5), after);
    } finally {
      await target.close();
    }
  },

  "purging a scope removes its artifacts and its Report Workstream": async (store: Store) => {
    await fillArtifacts(store);
    await store.createReportProject(makeProject());
    assert.equal((await store.registerReportWorkstream(makeWorkstream({ scope_id: SCOPE }))).status, "written");
    assert.equal((await store.purgeScope(SCOPE, NOW)).status, "purged");
    assert.deepEqual(await store.artifactInventory(SCOPE), { artifacts: [], candidates: [] });
    assert.deepEqual(await store.searchExperiences(SCOPE, TERMS, 5), []);
    assert.equal(await store.getReportWorkstream(SCOPE), null);
    assert.notEqual(await store.getReportProject("proj-a"), null);
  },
};

export function lifecycleArtifactsContract(open: Open): void {
  describe("data lifecycle: Experiences and Skills", () => {
    for (const [name, test] of Object.entries(LIFECYCLE_ARTIFACT_TESTS)) {
      it(name, async () => {
        const store = await open();
        try {
          await test(store, open);
        } finally {
          await store.close();
        }
      });
    }
  });
}
