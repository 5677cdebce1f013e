// Row shapes and their mapping to wire values. json columns arrive parsed.
import type { ArtifactReference, MemoryEntry, SourceReference } from "@powercontext/protocol";
import type { JsonObject, StoredSource } from "../types.ts";

export interface SourceRow {
  scope_id: string;
  source_id: string;
  position: number;
  content: string;
  metadata: JsonObject;
  captured_at: string;
}

export const SOURCE_COLUMNS = "scope_id, source_id, position, content, metadata, captured_at";

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

/** entry_version columns as `v.…`, for queries that alias entry_version as v. */
export const VERSION_COLUMNS =
  "v.entry_version_id, v.entry_id, v.version, v.kind, v.text, v.search_text, v.source_refs, v.artifact_refs, v.written_revision";

export function memoryRef(revision: number): ArtifactReference {
  return { family: "memory", artifact_id: "memory", revision };
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
