// Checking a commit's expectations: both adapters read the current facts inside their write transaction (each in its
// own way) and this one comparison decides whether the commit may proceed.
import type { CandidateStatus, RevisionCommit } from "./types.ts";

/** The keys whose current facts an adapter reads before it decides. */
export interface ExpectedKeys {
  entry_ids: string[];
  fingerprints: string[];
  candidate_ids: string[];
}

/** The facts an adapter read for a commit's keys, inside the commit's transaction. */
export interface ObservedFacts {
  head: number;
  cursor: number;
  /** The last change revision of each existing entry among the keys. */
  last_revisions: ReadonlyMap<string, number>;
  /** The ids of the active entries holding each fingerprint among the keys (any order). */
  active_by_fingerprint: ReadonlyMap<string, readonly string[]>;
  candidates: ReadonlyMap<string, { version: number; status: CandidateStatus }>;
}

export function expectedKeys(commit: RevisionCommit): ExpectedKeys {
  const { expected } = commit;
  return {
    entry_ids: [...new Set((expected.entries ?? []).map((entry) => entry.entry_id))],
    fingerprints: [...new Set((expected.fingerprints ?? []).map((group) => group.fingerprint))],
    candidate_ids: [...new Set((expected.candidates ?? []).map((candidate) => candidate.candidate_id))],
  };
}

/** Whether every fact the commit's plan relied on still holds. */
export function meetsExpectations(commit: RevisionCommit, observed: ObservedFacts): boolean {
  const { expected, cursor } = commit;
  if (cursor && observed.cursor !== cursor.from) return false;
  if (expected.head !== undefined && observed.head !== expected.head) return false;
  const entriesHold = (expected.entries ?? []).every(
    (entry) => (observed.last_revisions.get(entry.entry_id) ?? null) === entry.last_revision,
  );
  const fingerprintsHold = (expected.fingerprints ?? []).every((group) =>
    sameIds(observed.active_by_fingerprint.get(group.fingerprint) ?? [], group.active_entry_ids),
  );
  const candidatesHold = (expected.candidates ?? []).every((candidate) => {
    const current = observed.candidates.get(candidate.candidate_id);
    return current?.version === candidate.version && current.status === candidate.status;
  });
  return entriesHold && fingerprintsHold && candidatesHold;
}

function sameIds(observed: readonly string[], expected: readonly string[]): boolean {
  const wanted = new Set(expected);
  return observed.length === wanted.size && observed.every((id) => wanted.has(id));
}
