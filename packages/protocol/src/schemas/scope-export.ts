// The lines of a scope's export file (JSON Lines, our own format): a header, then the scope's Sources by position,
// its Memory revisions in order (every entry version each one wrote), its candidates with every version, its
// Experience and Skill candidates with every version, its Experience and Skill revisions, its Handoff revisions, its
// cursors and a closing line with the counts. Import replays them in this order; each line is idempotent, so an
// interrupted import is finished by running it again.
import { Type, type Static, type TSchema } from "typebox";
import { Value } from "typebox/value";
import { ClosedObject, Nullable, WireObject } from "./builders.ts";
import {
  ArtifactReference,
  Count,
  DateTime,
  Identifier,
  MemoryReason,
  Ordinal,
  ScopeId,
  SourceReference,
} from "./common.ts";
import { ArtifactCandidate, ArtifactProposal, CandidateFamily } from "./artifacts.ts";
import { MemoryCandidate } from "./candidates.ts";
import { SourceMetadata } from "./sources.ts";
import { SCOPE_EXPORT_SCHEMA } from "../schema-ids.ts";

const Text = Type.String({ maxLength: 1_000_000 });

export const ExportHeaderLine = WireObject("ExportHeaderLine", {
  type: Type.Literal("header"),
  schema: Type.Literal(SCOPE_EXPORT_SCHEMA),
  scope_id: ScopeId,
  exported_at: DateTime,
});
export type ExportHeaderLine = Static<typeof ExportHeaderLine>;

/** A Source exactly as stored: its journal position, payload digest and redaction count included. */
export const ExportSourceLine = WireObject("ExportSourceLine", {
  type: Type.Literal("source"),
  position: Ordinal,
  source_id: Type.String({ minLength: 1, maxLength: 256 }),
  content: Text,
  metadata: SourceMetadata,
  payload_digest: Type.String({ minLength: 1, maxLength: 128 }),
  redaction_count: Count,
  captured_at: DateTime,
});
export type ExportSourceLine = Static<typeof ExportSourceLine>;

/** An immutable entry version as stored, with its analyzed search text and its fingerprint. */
const ExportEntryVersion = ClosedObject({
  entry_id: Identifier,
  entry_version_id: Identifier,
  kind: Text,
  text: Text,
  search_text: Text,
  fingerprint: Type.String({ maxLength: 256 }),
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
});

const ExportChange = Type.Union([
  ClosedObject({ op: Type.Literal("add"), entry: ExportEntryVersion, reason: Nullable(MemoryReason) }),
  ClosedObject({
    op: Type.Literal("revise"),
    from_entry_version_id: Identifier,
    entry: ExportEntryVersion,
    version: Ordinal,
    reason: Nullable(MemoryReason),
  }),
  ClosedObject({
    op: Type.Literal("deactivate"),
    entry_id: Identifier,
    entry_version_id: Identifier,
    reason: Nullable(MemoryReason),
  }),
]);

/** One Memory revision: its number, its time and its changes, each with the version it wrote. */
export const ExportRevisionLine = WireObject("ExportRevisionLine", {
  type: Type.Literal("revision"),
  revision: Ordinal,
  created_at: DateTime,
  changes: Type.Array(ExportChange),
});
export type ExportRevisionLine = Static<typeof ExportRevisionLine>;

export const ExportCandidateVersion = ClosedObject({
  version: Ordinal,
  kind: Text,
  text: Text,
  reason: Nullable(Text),
  created_at: DateTime,
});
export type ExportCandidateVersion = Static<typeof ExportCandidateVersion>;

/** A candidate's head and every version of its proposal, oldest first. */
export const ExportCandidateLine = WireObject("ExportCandidateLine", {
  type: Type.Literal("candidate"),
  candidate: MemoryCandidate,
  versions: Type.Array(ExportCandidateVersion, { minItems: 1 }),
});
export type ExportCandidateLine = Static<typeof ExportCandidateLine>;

/** One stored proposal version of an Experience or Skill candidate: the candidate as it was then. */
const ExportArtifactCandidateVersion = ClosedObject({ candidate: ArtifactCandidate, created_at: DateTime });

/** An Experience or Skill candidate's head, its times, and every version of its proposal, oldest first. */
export const ExportArtifactCandidateLine = WireObject("ExportArtifactCandidateLine", {
  type: Type.Literal("artifact_candidate"),
  candidate: ArtifactCandidate,
  created_at: DateTime,
  updated_at: DateTime,
  versions: Type.Array(ExportArtifactCandidateVersion),
});
export type ExportArtifactCandidateLine = Static<typeof ExportArtifactCandidateLine>;

/** One immutable approved revision of an Experience or Skill, with its lineage and its analyzed recall text. */
export const ExportArtifactRevisionLine = WireObject("ExportArtifactRevisionLine", {
  type: Type.Literal("artifact_revision"),
  family: CandidateFamily,
  artifact_id: Identifier,
  revision: Ordinal,
  content: ArtifactProposal,
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
  candidate_id: Identifier,
  search_text: Nullable(Text),
  created_at: DateTime,
});
export type ExportArtifactRevisionLine = Static<typeof ExportArtifactRevisionLine>;

export const ExportHandoffLine = WireObject("ExportHandoffLine", {
  type: Type.Literal("handoff"),
  revision: Ordinal,
  content: Type.Object({}, { additionalProperties: true }),
  committed_at: DateTime,
});
export type ExportHandoffLine = Static<typeof ExportHandoffLine>;

/** Where the flush and the handoff activation had got to. */
export const ExportCursorsLine = WireObject("ExportCursorsLine", {
  type: Type.Literal("cursors"),
  memory_cursor: Count,
  handoff_cursor: Count,
});
export type ExportCursorsLine = Static<typeof ExportCursorsLine>;

export const ExportCounts = ClosedObject({
  sources: Count,
  revisions: Count,
  candidates: Count,
  handoffs: Count,
  /** Absent in files exported before Experiences and Skills were carried. */
  artifact_candidates: Type.Optional(Count),
  artifact_revisions: Type.Optional(Count),
});
export type ExportCounts = Static<typeof ExportCounts>;

/** The last line: its absence means the file was cut short. */
export const ExportEndLine = WireObject("ExportEndLine", { type: Type.Literal("end"), counts: ExportCounts });
export type ExportEndLine = Static<typeof ExportEndLine>;

export const ExportLine = Type.Union([
  ExportHeaderLine,
  ExportSourceLine,
  ExportRevisionLine,
  ExportCandidateLine,
  ExportArtifactCandidateLine,
  ExportArtifactRevisionLine,
  ExportHandoffLine,
  ExportCursorsLine,
  ExportEndLine,
]);
export type ExportLine = Static<typeof ExportLine>;

const LINE_SCHEMAS: Record<ExportLine["type"], TSchema> = {
  header: ExportHeaderLine,
  source: ExportSourceLine,
  revision: ExportRevisionLine,
  candidate: ExportCandidateLine,
  artifact_candidate: ExportArtifactCandidateLine,
  artifact_revision: ExportArtifactRevisionLine,
  handoff: ExportHandoffLine,
  cursors: ExportCursorsLine,
  end: ExportEndLine,
};

/**
 * Checks one parsed line against the schema its `type` names: the line, or the first problem in words (with the
 * JSON pointer of the field at fault).
 */
export function checkExportLine(value: unknown): { ok: true; line: ExportLine } | { ok: false; problem: string } {
  const type = (value as { type?: unknown } | null)?.type;
  const schema = typeof type === "string" ? LINE_SCHEMAS[type as ExportLine["type"]] : undefined;
  if (schema === undefined)
    return { ok: false, problem: `"type" must be one of ${Object.keys(LINE_SCHEMAS).join(", ")}` };
  if (Value.Check(schema, value)) return { ok: true, line: value as ExportLine };
  const [first] = Value.Errors(schema, value);
  const where = first?.instancePath ? `${first.instancePath} ` : "";
  return { ok: false, problem: `${type} line: ${where}${first?.message ?? "does not match its schema"}` };
}
