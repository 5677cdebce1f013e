// Plans each explicit change to Memory (remember, revise, retire) from what the store holds, without I/O: the
// citation's validity, the outcome, the change to commit and the facts it relies on, which the commit checks.
// Approvals are planned by resolveApprovals (duplicates.ts), with the duplicate rules in one place.
import type { ArtifactReference, MemoryCitation, MemoryEntry } from "@powercontext/protocol";
import type { EntryHead, MemoryHeads, NewEntryVersion } from "../../store/types.ts";
import { checkCitation } from "./citation.ts";
import { answered, writtenHead, type Planned } from "./commit-plan.ts";
import { activeWithFingerprint, isIdenticalTwin } from "./duplicates.ts";

export interface MemoryWriteOk {
  status: "written" | "unchanged";
  memory: ArtifactReference;
  entry: MemoryEntry | null;
}

export type RememberResult = MemoryWriteOk | { status: "no_memory" } | { status: "revision_conflict" };

export type EntryMutationResult =
  | MemoryWriteOk
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" }
  /** The cited entry itself has moved on since the cited revision. */
  | { status: "revision_conflict" }
  | { status: "entry_inactive" };

export interface RememberInput {
  scope_id: string;
  entry: NewEntryVersion;
  reason: string | null;
  /** CAS on the head revision; null skips the check. */
  expected_revision: number | null;
  now: string;
}

export interface ReviseInput {
  scope_id: string;
  citation: MemoryCitation;
  /** New version id, kind, text, search text and fingerprint; refs are kept from the predecessor. */
  next: Omit<NewEntryVersion, "entry_id" | "source_refs" | "artifact_refs">;
  reason: string | null;
  now: string;
}

export interface RetireInput {
  scope_id: string;
  citation: MemoryCitation;
  reason: string | null;
  now: string;
}

function headRevision(view: MemoryHeads): number {
  return view.memory?.revision ?? 0;
}

/** Adds the entry unless an identical one is active; with `expected_revision`, only on that head. */
export function planRemember(view: MemoryHeads, input: RememberInput): Planned<RememberResult> {
  const head = headRevision(view);
  if (input.expected_revision !== null) {
    if (head === 0) return answered({ status: "no_memory" });
    if (head !== input.expected_revision) return answered({ status: "revision_conflict" });
  }
  const { entry } = input;
  const twins = activeWithFingerprint(view, entry.fingerprint);
  const identical = twins.find((twin) => isIdenticalTwin(twin, entry));
  if (identical) return answered({ status: "unchanged", memory: identical.entry.citation.memory_ref, entry: null });
  const commit = {
    expected: {
      ...(input.expected_revision === null ? {} : { head: input.expected_revision }),
      fingerprints: [{ fingerprint: entry.fingerprint, active_entry_ids: twins.map(idOf) }],
      entries: twins.map((twin) => ({ entry_id: idOf(twin), last_revision: twin.last_revision })),
    },
    changes: [{ op: "add" as const, entry, reason: input.reason }],
  };
  return {
    status: "commit",
    commit,
    answer: (memory) => ({ status: "written", ...writtenEntry(writtenHead(memory), entry, 1) }),
  };
}

type MutableCheck = { status: "ok"; cited: MemoryEntry; head: EntryHead } | Exclude<EntryMutationResult, MemoryWriteOk>;

/** A write may cite any revision, as long as the cited entry has not changed since (unrelated writes are fine). */
function checkMutable(view: MemoryHeads, citation: MemoryCitation, at: MemoryEntry | null): MutableCheck {
  const lookup = checkCitation(headRevision(view), citation, at);
  if (lookup.status !== "found") return lookup;
  const head = view.heads.find((candidate) => idOf(candidate) === citation.entry_id);
  if (!head || head.last_revision > citation.memory_ref.revision) return { status: "revision_conflict" };
  return { status: "ok", cited: lookup.entry, head };
}

/** Plans a write with `plan` once the cited entry is found writable (checkMutable); else answers why it is not. */
function planMutation(
  view: MemoryHeads,
  at: MemoryEntry | null,
  citation: MemoryCitation,
  plan: (cited: MemoryEntry, head: EntryHead) => Planned<EntryMutationResult>,
): Planned<EntryMutationResult> {
  const check = checkMutable(view, citation, at);
  return check.status === "ok" ? plan(check.cited, check.head) : answered(check);
}

/** Nothing to write: the answer is the entry as the head has it. */
function unchanged(head: EntryHead): Planned<EntryMutationResult> {
  return answered({ status: "unchanged", memory: head.entry.citation.memory_ref, entry: head.entry });
}

/** Writes the cited active entry's next version, unless its kind and text are unchanged. `at`: see readCited. */
export function planRevise(
  view: MemoryHeads,
  at: MemoryEntry | null,
  input: ReviseInput,
): Planned<EntryMutationResult> {
  return planMutation(view, at, input.citation, (cited, head) => {
    if (cited.state !== "active") return answered({ status: "entry_inactive" });
    if (cited.kind === input.next.kind && cited.text === input.next.text) return unchanged(head);
    const entry: NewEntryVersion = {
      ...input.next,
      entry_id: idOf(head),
      source_refs: cited.source_refs,
      artifact_refs: cited.artifact_refs,
    };
    const version = cited.version + 1;
    const from = cited.citation.entry_version_id;
    return {
      status: "commit",
      commit: {
        expected: { entries: [{ entry_id: entry.entry_id, last_revision: head.last_revision }] },
        changes: [{ op: "revise", from_entry_version_id: from, entry, version, reason: input.reason }],
      },
      answer: (memory) => ({ status: "written", ...writtenEntry(writtenHead(memory), entry, version) }),
    };
  });
}

/** Deactivates the cited entry; retiring an inactive one changes nothing. `at`: see readCited. */
export function planRetire(
  view: MemoryHeads,
  at: MemoryEntry | null,
  input: RetireInput,
): Planned<EntryMutationResult> {
  return planMutation(view, at, input.citation, (cited, head) => {
    if (cited.state !== "active") return unchanged(head);
    const { entry_id, entry_version_id } = cited.citation;
    return {
      status: "commit",
      commit: {
        expected: { entries: [{ entry_id, last_revision: head.last_revision }] },
        changes: [{ op: "deactivate", entry_id, entry_version_id, reason: input.reason }],
      },
      answer: (memory) => {
        const written = writtenHead(memory);
        const citation = { memory_ref: written, entry_id, entry_version_id };
        return { status: "written", memory: written, entry: { ...cited, citation, state: "inactive" } };
      },
    };
  });
}

/** The entry version a commit wrote, cited at the revision it left. */
function writtenEntry(
  memory: ArtifactReference,
  entry: NewEntryVersion,
  version: number,
): Omit<MemoryWriteOk, "status"> {
  return {
    memory,
    entry: {
      citation: { memory_ref: memory, entry_id: entry.entry_id, entry_version_id: entry.entry_version_id },
      version,
      kind: entry.kind,
      text: entry.text,
      state: "active",
      source_refs: entry.source_refs,
      artifact_refs: entry.artifact_refs,
    },
  };
}

function idOf(head: EntryHead): string {
  return head.entry.citation.entry_id;
}
