// Searching Memory: lexical hits over the active entries and the entry vectors of the semantic layer.
import type { ArtifactReference, MemoryEntry } from "@powercontext/protocol";

export interface MemorySearchQuery {
  scope_id: string;
  /** Analyzed terms; an entry matches when its search text contains any of them. */
  terms: string[];
  limit: number;
}

export interface MemorySearchHit {
  entry: MemoryEntry;
  /** Lexical relevance, higher is better (already sign-corrected). */
  relevance: number;
  /** Head revision in which this entry version was written (for recency). */
  written_revision: number;
  /** The entry version's analyzed search text, for admission and dedupe checks. */
  search_text: string;
}

export interface MemorySearchResult {
  memory: ArtifactReference | null;
  hits: MemorySearchHit[];
}

/** The head of one entry as the vector index needs it: its current version, whether it is active, its vector. */
export interface VectorHead {
  /** The head's row key: a small integer that identifies the entry within the store. */
  key: number;
  entry_id: string;
  entry_version_id: string;
  active: boolean;
  /** The stored vector of this version under the requested model (its bytes), or null when none is stored yet. */
  vector: Uint8Array | null;
  /** The version's kind and text, present only when `vector` is null (so that the caller can compute it). */
  kind?: string;
  text?: string;
}

export interface VectorHeads {
  /** The scope's Memory revision these heads are read at (0 when it has none). */
  revision: number;
  heads: VectorHead[];
}

export interface EntryVectorWrite {
  scope_id: string;
  entry_version_id: string;
  /** The vector's bytes, as the model encodes it. */
  vector: Uint8Array;
}

/** Where one Source an entry cites sits in its scope's journal, and the session that captured it when it named one. */
export interface EntryOrigin {
  position: number;
  /** The Source's `metadata.session_id` when that is a string; null otherwise. */
  session_id: string | null;
}

/**
 * The session under which entry_origin indexes the Sources whose metadata names no session (no string `session_id`,
 * or an empty one): the scope's stream of such captures, in journal order. Recall reads around a place in it as in a
 * named session, so that a client capturing chat turns without naming sessions still gets turn context.
 */
export const UNNAMED_SESSION = "";

/** A place in a chat session to read around: the session and the journal position of one of its Sources. */
export interface SessionAnchor {
  session_id: string;
  position: number;
}

/** An entry written near a revision: its head version, which cites no Source, and the revision that wrote it. */
export interface WrittenNeighbour {
  entry_version_id: string;
  revision: number;
}

/** An entry near an anchor: the session and position of the Source of that session it cites. */
export interface SessionNeighbour {
  entry_version_id: string;
  session_id: string;
  position: number;
}

export interface SearchOperations {
  searchMemory(query: MemorySearchQuery): Promise<MemorySearchResult>;
  /** How many active-or-not indexed entry versions contain each term (approximate document frequency). */
  termFrequencies(scope_id: string, terms: string[]): Promise<Map<string, number>>;
  /**
   * A page of the heads of the scope's entries changed after `since_revision` (all of them for 0), active or not,
   * with their vectors under `model`: at most `page.limit` heads of key above `page.after_key`, by key, read in one
   * snapshot at the returned revision.
   */
  readVectorHeads(
    scope_id: string,
    model: string,
    since_revision: number,
    page: { after_key: number; limit: number },
  ): Promise<VectorHeads>;
  /**
   * The active entries among `entry_version_ids` (of the scope's head) as search hits of relevance 0, in the given
   * order; versions no longer at the head are left out.
   */
  readSearchHits(scope_id: string, entry_version_ids: string[]): Promise<MemorySearchResult>;
  /**
   * The journal origins of the Sources each of `entry_version_ids` (of the scope) cites, by entry version, so that
   * recall can tell which entries were captured near each other; a version citing no Source of the journal is left
   * out, and so are versions of other scopes.
   */
  readEntryOrigins(scope_id: string, entry_version_ids: string[]): Promise<Map<string, EntryOrigin[]>>;
  /**
   * The active head entries of the scope that cite a Source of an anchor's session within `radius` journal positions
   * of the anchor (both ends included), each entry once, at most `limit` in all; for each anchor the nearest first,
   * anchors in the given order.
   */
  readSessionNeighbours(
    scope_id: string,
    anchors: SessionAnchor[],
    radius: number,
    limit: number,
  ): Promise<SessionNeighbour[]>;
  /**
   * The active head entries of the scope whose version cites no Source (written with memory/remember), among the
   * `radius + 1` changes written nearest each of `revisions` on each side (at or before it, and after it) within
   * `radius` revisions, each entry once, at most `limit` in all; for each anchor revision the nearest first, anchors
   * in the given order. A client that writes chat turns one by one writes them in order, so recall reads them like a
   * session's turns; a revision that wrote many entries at once costs no more to read around than one that wrote one,
   * and an anchor revision that wrote more than one change (a batch, not a turn) reads nothing.
   */
  readWrittenNeighbours(
    scope_id: string,
    revisions: number[],
    radius: number,
    limit: number,
  ): Promise<WrittenNeighbour[]>;
  /**
   * Stores (or replaces) entry versions' vectors under `model`; other models' vectors of the same versions are kept.
   * Vectors are derived data: no revision is written.
   */
  putEntryVectors(model: string, vectors: EntryVectorWrite[]): Promise<void>;
  /** Scopes holding an active entry without a vector under `model`, for the start-up backfill. */
  scopesMissingVectors(model: string): Promise<string[]>;
}
