// The data lifecycle: reading a scope out page by page for an export, writing an export's lines back exactly as they
// were (each write idempotent, so an interrupted import is finished by running it again), and purging.
import type {
  ExportArtifactCandidateLine,
  ExportArtifactRevisionLine,
  ExportCandidateLine,
  ExportHandoffLine,
  ExportRevisionLine,
  ExportSourceLine,
  PurgeAudit,
} from "@powercontext/protocol";
import type { ArtifactRevisionKey } from "../lifecycle-artifact-rows.ts";

export type { ArtifactRevisionKey };

/** A scope's cursors, or what tells an export that the scope holds nothing. */
export interface ScopeCursors {
  memory_cursor: number;
  handoff_cursor: number;
}

/** Where a page of an export starts: after this position, revision or candidate id. */
export interface PageAfter<Key> {
  after: Key;
  limit: number;
}

/**
 * What an import write did: `created`; `exists` when the same thing is already there (a re-run); `conflict` when the
 * target holds something else in its place (another Source at the position, a revision not next in line).
 */
export type ImportResult = "created" | "exists" | "conflict";

export type PurgeOutcome =
  | {
      status: "purged";
      audit: PurgeAudit;
      /** For a Source: the entries citing it, which stay. */
      entries_citing_source: string[];
      /** Whether the files were rewritten so that the removed bytes are gone (see the adapter's compaction). */
      compacted: boolean;
    }
  | { status: "not_found" };

export interface LifecycleOperations {
  /** Null when the scope holds nothing at all. */
  readScopeCursors(scope_id: string): Promise<ScopeCursors | null>;
  readSourcesAfter(scope_id: string, page: PageAfter<number>): Promise<ExportSourceLine[]>;
  /** Revisions with every change and the version each wrote, the changes in the order their heads were created. */
  readRevisionsAfter(scope_id: string, page: PageAfter<number>): Promise<ExportRevisionLine[]>;
  readCandidatesAfter(scope_id: string, page: PageAfter<string>): Promise<ExportCandidateLine[]>;
  readHandoffsAfter(scope_id: string, page: PageAfter<number>): Promise<ExportHandoffLine[]>;
  /** Experience and Skill candidates by id, each with every proposal version. */
  readArtifactCandidatesAfter(scope_id: string, page: PageAfter<string>): Promise<ExportArtifactCandidateLine[]>;
  /** Experience and Skill revisions in (family, artifact_id, revision) order. */
  readArtifactRevisionsAfter(
    scope_id: string,
    page: PageAfter<ArtifactRevisionKey>,
  ): Promise<ExportArtifactRevisionLine[]>;

  /**
   * Writes each Source at its exported position (positions stay as they were, gaps included), in one transaction,
   * stopping at the first conflict: one result per line written or refused, the last one `conflict` if any.
   */
  importSources(scope_id: string, lines: readonly ExportSourceLine[]): Promise<ImportResult[]>;
  /** Writes the revision when it is the next one (`exists` when the head is already at or past it). */
  importRevision(scope_id: string, line: ExportRevisionLine): Promise<ImportResult>;
  /** Like importSources: in one transaction, stopping at the first conflict. */
  importCandidates(scope_id: string, lines: readonly ExportCandidateLine[]): Promise<ImportResult[]>;
  /** Like importCandidates; a candidate already there is `exists`. */
  importArtifactCandidates(scope_id: string, lines: readonly ExportArtifactCandidateLine[]): Promise<ImportResult[]>;
  /**
   * Like importSources: `exists` when the same revision (same candidate and time) is there, `conflict` when another
   * one holds its place. The highest revision of each artifact becomes its head.
   */
  importArtifactRevisions(scope_id: string, lines: readonly ExportArtifactRevisionLine[]): Promise<ImportResult[]>;
  /** `content_key`: the canonical JSON of the content, as a commit stores it. */
  importHandoff(scope_id: string, line: ExportHandoffLine, content_key: string): Promise<ImportResult>;

  /**
   * Each purge deletes in one transaction, writes its audit record (no text), then rewrites the files so that the
   * removed bytes are gone (compaction; see each adapter).
   */
  purgeSource(scope_id: string, source_id: string, now: string): Promise<PurgeOutcome>;
  purgeEntry(scope_id: string, entry_id: string, now: string): Promise<PurgeOutcome>;
  purgeScope(scope_id: string, now: string): Promise<PurgeOutcome>;
  listPurges(scope_id: string): Promise<PurgeAudit[]>;
}
