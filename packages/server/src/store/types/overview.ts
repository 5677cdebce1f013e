// Overview reads for people looking at the store (the dashboard): every scope with its counts, a scope's Sources
// newest first, one entry's change history and the daily count of captures. Reads only; nothing here writes.
import type { ArtifactReference, EntryChangeOp, EntryState, MemoryEntry } from "@powercontext/protocol";
import type { StoredSource } from "./journal.ts";

export interface ScopeSummary {
  scope_id: string;
  sources: number;
  active_entries: number;
  pending_candidates: number;
  handoff_revisions: number;
  /** ISO-8601 UTC of the latest capture, Memory revision, candidate change or Handoff revision; null for none. */
  last_activity: string | null;
}

/** One change of one entry: the revision that made it, when, and why. */
export interface EntryChangeStep {
  revision: number;
  op: EntryChangeOp;
  reason: string | null;
  /** ISO-8601 UTC of the revision. */
  created_at: string;
}

export interface DailyCount {
  /** YYYY-MM-DD (UTC). */
  date: string;
  count: number;
}

export interface SourcePage {
  /** Only Sources at positions below this one (null: from the newest). */
  before: number | null;
  limit: number;
}

export interface EntryPageQuery {
  /** null for every kind. */
  kind: string | null;
  /** null for both states. */
  state: EntryState | null;
  offset: number;
  limit: number;
}

export interface EntryPage {
  /** The head revision the page was read at; null while the scope has no Memory. */
  memory: ArtifactReference | null;
  /** The head's entries matching the query, by entry id, each cited at the head. */
  entries: MemoryEntry[];
  /** How many of the head's entries match the kind and state (the page's offset and limit aside). */
  total: number;
  /**
   * The kinds of the scope's entry versions, in byte order: the head's kinds, and a kind an entry was revised away
   * from. Read from an index, not the head, so that the first view of a large scope stays cheap.
   */
  kinds: string[];
}

export interface OverviewReads {
  /** One page of the head's entries (by entry id), filtered by kind and state, with their count, in one snapshot. */
  listEntryPage(scope_id: string, query: EntryPageQuery): Promise<EntryPage>;
  /** Every scope that holds a Source, Memory, a candidate or a Handoff, by scope id. */
  listScopes(): Promise<ScopeSummary[]>;
  /** A page of the scope's Sources, newest (highest position) first. */
  listSources(scope_id: string, page: SourcePage): Promise<StoredSource[]>;
  /** Every change of one entry, oldest first; empty for an unknown entry. */
  listEntryChanges(scope_id: string, entry_id: string): Promise<EntryChangeStep[]>;
  /** Captures per day (by `captured_at`) from `from_date` on, ascending; days without captures are left out. */
  countSourcesByDay(scope_id: string, from_date: string): Promise<DailyCount[]>;
}
