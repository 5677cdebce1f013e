// Row shapes and their mapping to wire values.
import type { ArtifactReference, MemoryEntry, SourceReference } from "@powercontext/protocol";
import type { JsonObject, StoredSource } from "../types.ts";

export interface SourceRow {
  scope_id: string;
  source_id: string;
  position: number;
  content: string;
  metadata: string;
  payload_digest: string;
  redaction_count: number;
  captured_at: string;
}

export interface EntryVersionRow {
  entry_version_id: string;
  entry_id: string;
  version: number;
  kind: string;
  text: string;
  search_text: string;
  source_refs: string;
  artifact_refs: string;
  written_revision: number;
}

export function memoryRef(revision: number): ArtifactReference {
  return { family: "memory", artifact_id: "memory", revision };
}

export function toStoredSource(row: SourceRow): StoredSource {
  return {
    scope_id: row.scope_id,
    source_id: row.source_id,
    position: row.position,
    content: row.content,
    metadata: JSON.parse(row.metadata) as JsonObject,
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
    source_refs: JSON.parse(row.source_refs) as SourceReference[],
    artifact_refs: JSON.parse(row.artifact_refs) as ArtifactReference[],
  };
}
