// Reading Memory: the head revision, entries at any revision, the heads a planned change relies on, and history.
import type {
  ArtifactReference,
  ListMemoryEntriesResponse,
  MemoryEntry,
  MemoryRevisionChanges,
  SourceReference,
} from "@powercontext/protocol";

// Values the Store hands back exactly as the contract sends them: the wire types, under the Store's names.
export type { MemoryRevisionChanges };
export type MemoryListing = ListMemoryEntriesResponse;

/** A new immutable entry version, fully prepared by the domain (ids, normalization, analyzed search text). */
export interface NewEntryVersion {
  entry_id: string;
  entry_version_id: string;
  kind: string;
  text: string;
  /** Analyzer output (space-separated terms) that the adapter indexes for full-text search. */
  search_text: string;
  /** Normalized-text fingerprint, so that the domain can find the active entries that say the same thing. */
  fingerprint: string;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
}

/** One entry's head: its current version, cited at the head revision, and what a planned change relies on. */
export interface EntryHead {
  entry: MemoryEntry;
  fingerprint: string;
  /** The revision that last changed this entry; a change planned on this head expects it unchanged. */
  last_revision: number;
}

export interface HeadQuery {
  /** Entries wanted whether active or not (absent ones are left out). */
  entry_ids: string[];
  /** Every active entry holding one of these fingerprints is wanted. */
  fingerprints: string[];
}

export interface MemoryHeads {
  /** The head revision these heads were read at; null while the scope has no Memory. */
  memory: ArtifactReference | null;
  heads: EntryHead[];
}

export type ChangesResult =
  | { status: "ok"; memory: ArtifactReference | null; revisions: MemoryRevisionChanges[] }
  | { status: "since_beyond_head" };

export interface MemoryReads {
  getMemoryHead(scope_id: string): Promise<ArtifactReference | null>;
  /**
   * The entry as it stood at `revision` (the version its last change at or before `revision` maps to, and whether it
   * was active then), cited at `revision`; null when it had no change by then. History is immutable, so the answer
   * never changes once `revision` is at or below the head.
   */
  readEntryAt(scope_id: string, entry_id: string, revision: number): Promise<MemoryEntry | null>;
  /** The heads `query` asks for, with the head revision, read in one snapshot. */
  readHeads(scope_id: string, query: HeadQuery): Promise<MemoryHeads>;
  listEntries(scope_id: string, include_inactive: boolean): Promise<MemoryListing>;
  listChanges(scope_id: string, since_revision: number | null): Promise<ChangesResult>;
}
