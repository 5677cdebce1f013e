// The Store interface: atomic, use-case-level operations, all async. No SQL, rows or transactions leave an adapter.
import type {
  ArtifactReference,
  CandidateStatus,
  JsonValue,
  ListMemoryCandidatesResponse,
  ListMemoryEntriesResponse,
  MemoryCandidate,
  MemoryCitation,
  MemoryEntry,
  MemoryProposal,
  MemoryRevisionChanges,
  SourceReference,
} from "@powercontext/protocol";

// Values the Store hands back exactly as the contract sends them: the wire types, under the Store's names.
export type { CandidateStatus, MemoryCandidate, MemoryRevisionChanges };
export type MemoryListing = ListMemoryEntriesResponse;
export type CandidateProposal = MemoryProposal;
export type CandidatePage = ListMemoryCandidatesResponse;

export type JsonObject = { [key: string]: JsonValue };

// ---------- Sources and the journal ----------

export interface NewSource {
  scope_id: string;
  source_id: string;
  content: string;
  metadata: JsonObject;
  /** sha256 over the canonical JSON of {content, metadata}; equal payloads have equal digests. */
  payload_digest: string;
  redaction_count: number;
  /** ISO-8601 UTC. */
  captured_at: string;
}

export interface SourceReceipt {
  source: SourceReference;
  position: number;
  redaction_count: number;
}

export type CaptureResult =
  | { status: "created"; receipt: SourceReceipt }
  | { status: "duplicate"; receipt: SourceReceipt }
  | { status: "conflict" };

export interface StoredSource {
  scope_id: string;
  source_id: string;
  position: number;
  content: string;
  metadata: JsonObject;
  captured_at: string;
}

export interface JournalWindow {
  cursor: number;
  high_watermark: number;
  /** Sources at positions (cursor, cursor + limit], ascending. */
  sources: StoredSource[];
}

// ---------- Memory ----------

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

export type ChangesResult =
  | { status: "ok"; memory: ArtifactReference | null; revisions: MemoryRevisionChanges[] }
  | { status: "since_beyond_head" };

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

// ---------- Entry vectors (semantic search) ----------

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

// ---------- Candidates and review ----------

/** How the review stage disposed of a new candidate inside a flush. */
export type CandidateDisposition =
  | { status: "pending" }
  | ApprovedDisposition
  | { status: "rejected"; reviewer: string; reason: string };

/**
 * An approval writes `entry`, unless an active entry already says the same thing: one with the same fingerprint,
 * or `near_duplicate_of` (found by the domain) if that entry is still active. Then the candidate points at it.
 */
export interface ApprovedDisposition {
  status: "approved";
  reviewer: string;
  entry: NewEntryVersion;
  near_duplicate_of: string | null;
}

export interface NewCandidate {
  candidate_id: string;
  proposal: CandidateProposal;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  disposition: CandidateDisposition;
}

export interface FlushCommit {
  scope_id: string;
  previous_cursor: number;
  current_cursor: number;
  candidates: NewCandidate[];
  now: string;
}

export type FlushCommitResult =
  | { status: "committed"; memory: ArtifactReference | null; written: boolean }
  | { status: "cursor_moved" };

export interface CandidateListQuery {
  scope_id: string;
  status: CandidateStatus;
  cursor: string | null;
  limit: number;
}

export type CandidateDecision =
  | { action: "approve"; reviewer: string; entry: NewEntryVersion; near_duplicate_of: string | null }
  | { action: "reject"; reviewer: string; reason: string }
  | { action: "revise"; proposal: CandidateProposal; reason: string | null };

export interface CandidateReview {
  scope_id: string;
  candidate_id: string;
  expected_version: number;
  decision: CandidateDecision;
  now: string;
}

export type CandidateReviewResult =
  | { status: "ok"; candidate: MemoryCandidate }
  | { status: "candidate_not_found" }
  | { status: "candidate_terminal"; current: CandidateStatus }
  | { status: "candidate_conflict"; current_version: number };

// ---------- Statistics ----------

export interface CountByState {
  total: number;
  active: number;
  inactive: number;
}

export interface ScopeInventory {
  sources_total: number;
  memory_cursor: number;
  has_memory: boolean;
  has_handoff: boolean;
  candidates: { pending: number; approved: number; rejected: number };
  entries_by_kind: Array<{ kind: string } & CountByState>;
}

export interface RecallSample {
  scope_id: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  preparations: number;
  ready_preparations: number;
  comparable_preparations: number;
  baseline_tokens: number;
  recalled_tokens: number;
}

export interface Store {
  readonly engine: "sqlite" | "postgres";

  /** Idempotent per (scope_id, source_id): the same payload returns the original receipt, another payload conflicts. */
  captureSource(source: NewSource): Promise<CaptureResult>;
  findSource(scope_id: string, source_id: string): Promise<StoredSource | null>;
  readJournalWindow(scope_id: string, limit: number): Promise<JournalWindow>;
  /** Writes the window's candidates, reviews and Memory revision and advances the cursor in one transaction. */
  commitFlush(flush: FlushCommit): Promise<FlushCommitResult>;

  remember(input: RememberInput): Promise<RememberResult>;
  reviseEntry(input: ReviseInput): Promise<EntryMutationResult>;
  retireEntry(input: RetireInput): Promise<EntryMutationResult>;
  getMemoryHead(scope_id: string): Promise<ArtifactReference | null>;
  getEntry(scope_id: string, citation: MemoryCitation): Promise<EntryLookup>;
  listEntries(scope_id: string, include_inactive: boolean): Promise<MemoryListing>;
  listChanges(scope_id: string, since_revision: number | null): Promise<ChangesResult>;
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
  /** Stores (or replaces) entry versions' vectors under `model`. Vectors are derived data: no revision is written. */
  putEntryVectors(model: string, vectors: EntryVectorWrite[]): Promise<void>;
  /** Scopes holding an active entry without a vector under `model`, for the start-up backfill. */
  scopesMissingVectors(model: string): Promise<string[]>;
  /** Active entries whose fingerprint equals one of `fingerprints`. */
  findActiveByFingerprint(scope_id: string, fingerprints: string[]): Promise<Map<string, MemoryCitation>>;

  listCandidates(query: CandidateListQuery): Promise<CandidatePage>;
  getCandidate(scope_id: string, candidate_id: string): Promise<MemoryCandidate | null>;
  reviewCandidate(review: CandidateReview): Promise<CandidateReviewResult>;

  getInventory(scope_id: string): Promise<ScopeInventory>;
  addRecallSamples(samples: RecallSample[]): Promise<void>;
  readRecallDaily(scope_id: string, from_date: string, to_date: string): Promise<RecallSample[]>;

  /** Cheap round trip used by readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// ---------- Continuity: Handoff revisions, the handoff activation cursor, model usage ----------
// A separate interface from Store so adapters can adopt it independently; the SQLite adapter implements both on one
// database. Domain code reaches it as `deps.continuity`.

/** One committed Handoff revision. `content` is the HandoffContent exactly as committed. */
export interface HandoffRevision {
  revision: number;
  content: JsonObject;
  committed_at: string;
}

export interface HandoffCommit {
  scope_id: string;
  /** CAS: the head revision the caller saw, or null when it saw none. */
  base_revision: number | null;
  content: JsonObject;
  /** Canonical JSON of `content`; equal keys mean equal content. */
  content_key: string;
  now: string;
}

export type HandoffCommitResult =
  | { status: "committed"; revision: number }
  /** The head's content already equals the commit's: nothing was written (checked before the CAS). */
  | { status: "unchanged"; revision: number }
  | { status: "revision_conflict"; head: number | null };

export type CursorAdvance = { status: "advanced" } | { status: "behind"; cursor: number };

export type UsageKind = "generation" | "embedding";

/** Model usage of one scope, purpose and day; a write adds to the stored counters. */
export interface ModelUsageSample {
  scope_id: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  purpose: string;
  kind: UsageKind;
  requests: number;
  /** Null when the provider did not report tokens; a stored bucket stays null until some request reports them. */
  input_tokens: number | null;
  output_tokens: number | null;
}

export interface ContinuityStore {
  getHandoffHead(scope_id: string): Promise<HandoffRevision | null>;
  getHandoffRevision(scope_id: string, revision: number): Promise<HandoffRevision | null>;
  /**
   * Writes the next revision in one transaction: `unchanged` when the head's content key equals the commit's,
   * else `revision_conflict` unless the head still equals `base_revision`.
   */
  commitHandoff(commit: HandoffCommit): Promise<HandoffCommitResult>;

  /** The per-scope handoff activation cursor: the journal position of the last generated boundary, 0 at first. */
  getHandoffCursor(scope_id: string): Promise<number>;
  /** CAS from `from` to `to` (> from); `behind` with the current cursor when it is no longer `from`. */
  advanceHandoffCursor(scope_id: string, from: number, to: number): Promise<CursorAdvance>;

  addModelUsage(samples: ModelUsageSample[]): Promise<void>;
  /** Stored buckets with `from_date` ≤ date ≤ `to_date`, ordered by date, purpose, kind. */
  readModelUsage(scope_id: string, from_date: string, to_date: string): Promise<ModelUsageSample[]>;
}
