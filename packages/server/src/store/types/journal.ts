// The journal: Sources captured at gap-free positions per scope, read back in windows after the flush cursor.
import type { JsonValue, SourceReference } from "@powercontext/protocol";

export type JsonObject = { [key: string]: JsonValue };

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

export interface JournalOperations {
  /** Idempotent per (scope_id, source_id): the same payload returns the original receipt, another payload conflicts. */
  captureSource(source: NewSource): Promise<CaptureResult>;
  findSource(scope_id: string, source_id: string): Promise<StoredSource | null>;
  /** The flush cursor, the high watermark and the Sources after the cursor; the cursor moves only by a commit. */
  readJournalWindow(scope_id: string, limit: number): Promise<JournalWindow>;
}
