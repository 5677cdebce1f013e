// The column lists PostgreSQL reads rows with. json columns arrive decoded, so rows map as ../rows.ts declares them.
export { memoryRef, toMemoryEntry, toStoredSource, type EntryVersionRow, type SourceRow } from "../rows.ts";

export const SOURCE_COLUMNS = "scope_id, source_id, position, content, metadata, captured_at";

/** entry_version columns as `v.…`, for queries that alias entry_version as v. */
export const VERSION_COLUMNS =
  "v.entry_version_id, v.entry_id, v.version, v.kind, v.text, v.search_text, v.source_refs, v.artifact_refs, v.written_revision";

/** VERSION_COLUMNS and the head's state, fingerprint and last change, for queries joining entry_head as h. */
export const HEAD_VERSION_COLUMNS = `${VERSION_COLUMNS}, h.state, h.fingerprint, h.last_revision`;

export const CANDIDATE_COLUMNS =
  "candidate_id, version, status, kind, text, confidence, extractor, source_refs, reviewer, decision_reason, result, created_at, updated_at";

export const HANDOFF_COLUMNS = "revision, content, content_key, committed_at";
