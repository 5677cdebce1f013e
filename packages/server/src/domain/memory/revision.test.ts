import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemoryEntry } from "@powercontext/protocol";
import type { EntryHead, MemoryHeads, NewEntryVersion } from "../../store/types.ts";
import type { Planned } from "./commit-plan.ts";
import { planRemember, planRetire, planRevise } from "./revision.ts";

const ref = (revision: number) => ({ family: "memory", artifact_id: "memory", revision });

function entryVersion(text: string, id = "e1", kind = "fact"): NewEntryVersion {
  return {
    entry_id: id,
    entry_version_id: `${id}-v`,
    kind,
    text,
    search_text: text.toLowerCase(),
    fingerprint: `fp:${text}`,
    source_refs: [],
    artifact_refs: [],
  };
}

function entryAt(entry: NewEntryVersion, revision: number, state: "active" | "inactive" = "active"): MemoryEntry {
  const citation = { memory_ref: ref(revision), entry_id: entry.entry_id, entry_version_id: entry.entry_version_id };
  const { kind, text, source_refs, artifact_refs } = entry;
  return { citation, version: 1, kind, text, state, source_refs, artifact_refs };
}

/** A view at `revision` holding `entry`, last changed at `lastRevision`. */
function viewOf(
  revision: number,
  entry?: NewEntryVersion,
  lastRevision = 1,
  state: "active" | "inactive" = "active",
): MemoryHeads {
  const heads: EntryHead[] = entry
    ? [{ entry: entryAt(entry, revision, state), fingerprint: entry.fingerprint, last_revision: lastRevision }]
    : [];
  return { memory: revision === 0 ? null : ref(revision), heads };
}

function verdict<T>(planned: Planned<T>): unknown {
  return planned.status === "answered" ? planned.answer : planned.commit;
}

const remembered = entryVersion("Use pnpm.");
const remember = (expected_revision: number | null, entry = remembered) => ({
  scope_id: "s",
  entry,
  reason: null,
  expected_revision,
  now: "n",
});

test("remember answers from the head, or commits an add with what it relied on", () => {
  const cases: Array<[string, Planned<unknown>, unknown]> = [
    ["no Memory yet under a CAS", planRemember(viewOf(0), remember(1)), { status: "no_memory" }],
    ["a stale CAS", planRemember(viewOf(2, remembered), remember(1)), { status: "revision_conflict" }],
    [
      "an identical active twin",
      planRemember(viewOf(2, remembered), remember(null, { ...remembered, entry_id: "e2", entry_version_id: "e2-v" })),
      { status: "unchanged", memory: ref(2), entry: null },
    ],
    [
      "a twin of another kind",
      planRemember(viewOf(2, remembered), remember(2, { ...entryVersion("Use pnpm.", "e2", "decision") })),
      {
        expected: {
          head: 2,
          fingerprints: [{ fingerprint: "fp:Use pnpm.", active_entry_ids: ["e1"] }],
          entries: [{ entry_id: "e1", last_revision: 1 }],
        },
        changes: [{ op: "add", entry: entryVersion("Use pnpm.", "e2", "decision"), reason: null }],
      },
    ],
  ];
  for (const [name, planned, expected] of cases) assert.deepEqual(verdict(planned), expected, name);
});

test("revise and retire check the citation, then whether the cited entry moved on, then its state", () => {
  const cited = entryAt(remembered, 1);
  const next = {
    entry_version_id: "e1-v2",
    kind: "fact",
    text: "Use npm.",
    search_text: "use npm",
    fingerprint: "fp:n",
  };
  const revise = (citation = cited.citation) => ({ scope_id: "s", citation, next, reason: null, now: "n" });
  const retire = { scope_id: "s", citation: cited.citation, reason: null, now: "n" };
  const cases: Array<[string, Planned<unknown>, unknown]> = [
    ["a revision beyond the head", planRevise(viewOf(0), null, revise()), { status: "artifact_not_found" }],
    [
      "another version at that revision",
      planRevise(viewOf(1, remembered), { ...cited, citation: { ...cited.citation, entry_version_id: "x" } }, revise()),
      { status: "memory_not_found" },
    ],
    ["an entry changed since", planRevise(viewOf(3, remembered, 2), cited, revise()), { status: "revision_conflict" }],
    [
      "an inactive entry",
      planRevise(viewOf(1, remembered), { ...cited, state: "inactive" }, revise()),
      { status: "entry_inactive" },
    ],
    [
      "the same kind and text",
      planRevise(viewOf(4, remembered), cited, { ...revise(), next: { ...next, text: "Use pnpm." } }),
      { status: "unchanged", memory: ref(4), entry: entryAt(remembered, 4) },
    ],
    [
      "new text",
      planRevise(viewOf(4, remembered), cited, revise()),
      {
        expected: { entries: [{ entry_id: "e1", last_revision: 1 }] },
        changes: [
          {
            op: "revise",
            from_entry_version_id: "e1-v",
            entry: { ...next, entry_id: "e1", source_refs: [], artifact_refs: [] },
            version: 2,
            reason: null,
          },
        ],
      },
    ],
    [
      "retiring an inactive entry",
      planRetire(viewOf(4, remembered, 1, "inactive"), { ...cited, state: "inactive" }, retire),
      { status: "unchanged", memory: ref(4), entry: entryAt(remembered, 4, "inactive") },
    ],
    [
      "retiring an active entry",
      planRetire(viewOf(4, remembered), cited, retire),
      {
        expected: { entries: [{ entry_id: "e1", last_revision: 1 }] },
        changes: [{ op: "deactivate", entry_id: "e1", entry_version_id: "e1-v", reason: null }],
      },
    ],
  ];
  for (const [name, planned, expected] of cases) assert.deepEqual(verdict(planned), expected, name);
});

test("a committed write answers with the entry cited at the revision the commit left", () => {
  const planned = planRemember(viewOf(0), remember(null));
  assert.equal(planned.status, "commit");
  if (planned.status !== "commit") return;
  assert.deepEqual(planned.answer(ref(1)), { status: "written", memory: ref(1), entry: entryAt(remembered, 1) });
});
