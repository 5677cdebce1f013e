// Memory: explicit writes with their preconditions, reads at the head or at any revision, and history.
import type {
  ArtifactReference,
  EntryChange,
  MemoryCitation,
  MemoryEntry,
  SourceReference,
} from "@powercontext/protocol";

/** A new immutable entry version, fully prepared by the domain (ids, normalization, analyzed search text). */
export interface NewEntryVersion {
  entry_id: string;
  entry_version_id: string;
  kind: string;
  text: string;
  /** Analyzer output (space-separated terms) that the adapter indexes for full-text search. */
  search_text: string;
  /** Normalized-text fingerprint used to refuse exact duplicates among active entries. */
  fingerprint: string;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
}

export interface MemoryWriteOk {
  status: "written" | "unchanged";
  memory: ArtifactReference;
  entry: MemoryEntry | null;
}

export type RememberResult = MemoryWriteOk | { status: "no_memory" } | { status: "revision_conflict" };

export interface RememberInput {
  scope_id: string;
  entry: NewEntryVersion;
  reason: string | null;
  /** CAS on the head revision; null skips the check. */
  expected_revision: number | null;
  now: string;
}

export type EntryMutationResult =
  | MemoryWriteOk
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" }
  /** The cited entry itself has moved on since the cited revision. */
  | { status: "revision_conflict" }
  | { status: "entry_inactive" };

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

export type EntryLookup =
  | { status: "found"; entry: MemoryEntry }
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" };

export interface MemoryListing {
  memory: ArtifactReference | null;
  entries: MemoryEntry[];
}

export interface MemoryRevisionChanges {
  memory_ref: ArtifactReference;
  changes: EntryChange[];
}

export type ChangesResult =
  | { status: "ok"; memory: ArtifactReference | null; revisions: MemoryRevisionChanges[] }
  | { status: "since_beyond_head" };

export interface MemoryOperations {
  remember(input: RememberInput): Promise<RememberResult>;
  reviseEntry(input: ReviseInput): Promise<EntryMutationResult>;
  retireEntry(input: RetireInput): Promise<EntryMutationResult>;
  getMemoryHead(scope_id: string): Promise<ArtifactReference | null>;
  getEntry(scope_id: string, citation: MemoryCitation): Promise<EntryLookup>;
  listEntries(scope_id: string, include_inactive: boolean): Promise<MemoryListing>;
  listChanges(scope_id: string, since_revision: number | null): Promise<ChangesResult>;
  /** Active entries whose fingerprint equals one of `fingerprints`. */
  findActiveByFingerprint(scope_id: string, fingerprints: string[]): Promise<Map<string, MemoryCitation>>;
}
