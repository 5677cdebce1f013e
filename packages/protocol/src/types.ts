// Wire value types shared by the Server and its clients (PowerContext v1 contract, snake_case as on the wire).

export interface ArtifactReference {
  family: string;
  artifact_id: string;
  revision: number;
}

export interface SourceReference {
  name: "content";
  source_id: string;
}

export interface MemoryCitation {
  memory_ref: ArtifactReference;
  entry_id: string;
  entry_version_id: string;
}

export type EntryState = "active" | "inactive";

export interface MemoryEntry {
  citation: MemoryCitation;
  version: number;
  kind: string;
  text: string;
  state: EntryState;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
}

export type EntryChangeOp = "add" | "revise" | "deactivate" | "reactivate";

export interface EntryChange {
  op: EntryChangeOp;
  entry_id: string;
  from_entry_version_id: string | null;
  to_entry_version_id: string | null;
  reason: string | null;
}

export const PREPARED_CONTEXT_SCHEMA = "powercontext.prepared-context.v1";

export type PreparedContext =
  | { schema: typeof PREPARED_CONTEXT_SCHEMA; status: "empty"; content: null; content_bytes: 0 }
  | { schema: typeof PREPARED_CONTEXT_SCHEMA; status: "ready"; content: string; content_bytes: number };

export interface ErrorEnvelope {
  error: { code: string; message: string; details: Record<string, unknown> | null };
}
