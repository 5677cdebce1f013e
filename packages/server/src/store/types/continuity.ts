// Continuity: Handoff revisions, the handoff activation cursor and model usage, on the same database as Memory.
import type { JsonObject } from "./journal.ts";

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

export interface ContinuityOperations {
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
