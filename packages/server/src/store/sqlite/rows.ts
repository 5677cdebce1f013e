// SQLite keeps JSON in TEXT columns: these decode a row as read into the shared row shapes (../rows.ts).
import type { JsonObject } from "../types.ts";
import type { CandidateRow, EntryVersionRow, HandoffRow, HeadVersionRow, SourceRow } from "../rows.ts";

export { memoryRef } from "../rows.ts";

/** A row as SQLite returns it: the named JSON columns still hold their text. */
type Stored<Row, JsonColumn extends keyof Row> = Omit<Row, JsonColumn> & { [column in JsonColumn]: string };

export type StoredSourceRow = Stored<SourceRow, "metadata"> & { payload_digest: string; redaction_count: number };
export type StoredVersionRow = Stored<EntryVersionRow, "source_refs" | "artifact_refs">;
export type StoredHeadVersionRow = Stored<HeadVersionRow, "source_refs" | "artifact_refs">;
export type StoredCandidateRow = Stored<CandidateRow, "source_refs" | "result">;
export type StoredHandoffRow = Stored<HandoffRow, "content">;

export function decodeSource(row: StoredSourceRow): SourceRow {
  return { ...row, metadata: JSON.parse(row.metadata) as JsonObject };
}

export function decodeVersion<Row extends StoredVersionRow>(
  row: Row,
): Omit<Row, "source_refs" | "artifact_refs"> & EntryVersionRow {
  return { ...row, source_refs: JSON.parse(row.source_refs), artifact_refs: JSON.parse(row.artifact_refs) };
}

export function decodeCandidate(row: StoredCandidateRow): CandidateRow {
  return {
    ...row,
    source_refs: JSON.parse(row.source_refs),
    result: row.result === null ? null : JSON.parse(row.result),
  };
}

export function decodeHandoff(row: StoredHandoffRow): HandoffRow {
  return { ...row, content: JSON.parse(row.content) as JsonObject };
}
