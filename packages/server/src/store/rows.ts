// Rows as both adapters read them, once their JSON columns are decoded, and their mapping to the Store's values; and
// the values of the statistics rows both adapters write.
// SQLite keeps JSON in TEXT columns (sqlite/rows.ts decodes them); PostgreSQL's json columns arrive decoded.
import type {
  ArtifactReference,
  EntryChange,
  MemoryCitation,
  MemoryEntry,
  SourceReference,
} from "@powercontext/protocol";
import type {
  CandidatePage,
  CandidateStatus,
  EntryHead,
  HandoffRevision,
  JsonObject,
  MemoryCandidate,
  MemoryRevisionChanges,
  RecallSample,
  ScopeInventory,
  StoredSource,
} from "./types.ts";

/** A source row has the StoredSource's columns; a query may read others beside them, which toStoredSource drops. */
export type SourceRow = StoredSource;

export interface EntryVersionRow {
  entry_version_id: string;
  entry_id: string;
  version: number;
  kind: string;
  text: string;
  search_text: string;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
  written_revision: number;
}

/** An entry_version row joined with its entry_head row. */
export interface HeadVersionRow extends EntryVersionRow {
  state: string;
  fingerprint: string;
  last_revision: number;
}

export interface ChangeRow {
  revision: number;
  op: EntryChange["op"];
  entry_id: string;
  from_version_id: string | null;
  to_version_id: string | null;
  reason: string | null;
}

export interface CandidateRow {
  candidate_id: string;
  version: number;
  status: CandidateStatus;
  kind: string;
  text: string;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  reviewer: string | null;
  decision_reason: string | null;
  result: MemoryCitation | null;
  created_at: string;
  updated_at: string;
}

export interface HandoffRow {
  revision: number;
  content: JsonObject;
  content_key: string;
  committed_at: string;
}

export function memoryRef(revision: number): ArtifactReference {
  return { family: "memory", artifact_id: "memory", revision };
}

/** The head a revision number names: null while the scope has no Memory (revision 0). */
export function memoryHead(revision: number): ArtifactReference | null {
  return revision === 0 ? null : memoryRef(revision);
}

export function toStoredSource(row: SourceRow): StoredSource {
  return {
    scope_id: row.scope_id,
    source_id: row.source_id,
    position: row.position,
    content: row.content,
    metadata: row.metadata,
    captured_at: row.captured_at,
  };
}

export function toMemoryEntry(row: EntryVersionRow, revision: number, active: boolean): MemoryEntry {
  return {
    citation: { memory_ref: memoryRef(revision), entry_id: row.entry_id, entry_version_id: row.entry_version_id },
    version: row.version,
    kind: row.kind,
    text: row.text,
    state: active ? "active" : "inactive",
    source_refs: row.source_refs,
    artifact_refs: row.artifact_refs,
  };
}

export function toEntryHead(row: HeadVersionRow, head: number): EntryHead {
  return {
    entry: toMemoryEntry(row, head, row.state === "active"),
    fingerprint: row.fingerprint,
    last_revision: row.last_revision,
  };
}

/** Change rows ordered by revision, grouped into one element per revision. */
export function groupChanges(rows: readonly ChangeRow[]): MemoryRevisionChanges[] {
  const revisions: MemoryRevisionChanges[] = [];
  for (const row of rows) {
    let last = revisions.at(-1);
    if (!last || last.memory_ref.revision !== row.revision) {
      last = { memory_ref: memoryRef(row.revision), changes: [] };
      revisions.push(last);
    }
    last.changes.push({
      op: row.op,
      entry_id: row.entry_id,
      from_entry_version_id: row.from_version_id,
      to_entry_version_id: row.to_version_id,
      reason: row.reason,
    });
  }
  return revisions;
}

export function toCandidate(row: CandidateRow): MemoryCandidate {
  return {
    candidate_id: row.candidate_id,
    version: row.version,
    status: row.status,
    proposal: { kind: row.kind, text: row.text },
    confidence: row.confidence,
    extractor: row.extractor,
    source_refs: row.source_refs,
    reviewer: row.reviewer,
    decision_reason: row.decision_reason,
    result: row.result,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The page of a list query, which reads up to `limit` + 1 rows in candidate_id order: the extra row only says that
 * another page follows, from after the page's last candidate.
 */
export function toCandidatePage(rows: readonly CandidateRow[], limit: number): CandidatePage {
  const page = rows.slice(0, limit).map(toCandidate);
  const more = rows.length > limit;
  return { candidates: page, next_cursor: more ? (page.at(-1)?.candidate_id ?? null) : null };
}

/**
 * A scope's inventory from its scope_state row (none before the scope's first write), its candidates counted by
 * status and its head's entries counted by kind.
 */
export function toScopeInventory(
  scope: { high_watermark: number; memory_cursor: number; memory_revision: number } | undefined,
  candidateCounts: ReadonlyArray<{ status: CandidateStatus; n: number }>,
  entriesByKind: ScopeInventory["entries_by_kind"],
): ScopeInventory {
  const candidates = { pending: 0, approved: 0, rejected: 0 };
  for (const { status, n } of candidateCounts) candidates[status] = n;
  return {
    sources_total: scope?.high_watermark ?? 0,
    memory_cursor: scope?.memory_cursor ?? 0,
    has_memory: (scope?.memory_revision ?? 0) > 0,
    has_handoff: false,
    candidates,
    entries_by_kind: entriesByKind,
  };
}

/** The nine values of a recall_daily row, in column order: scope_id, date, then the seven counts. */
export function recallDailyRow(sample: RecallSample): unknown[] {
  return [
    sample.scope_id,
    sample.date,
    sample.preparations,
    sample.ready_preparations,
    sample.comparable_preparations,
    sample.baseline_tokens,
    sample.recalled_tokens,
    sample.recalled_items,
    sample.recalled_bytes,
  ];
}

export function toHandoffRevision(row: HandoffRow): HandoffRevision {
  return { revision: row.revision, content: row.content, committed_at: row.committed_at };
}
