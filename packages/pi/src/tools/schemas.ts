// TypeBox parameter schemas of the 13 tools. Pi validates tool arguments with them (it maps `typebox` to its copy).
import { Type } from "typebox";

export const MEMORY_KINDS = [
  "decision",
  "constraint",
  "current-state",
  "task-outcome",
  "next-step",
  "agent-note",
] as const;

export const MemoryKind = Type.Union(
  MEMORY_KINDS.map((kind) => Type.Literal(kind)),
  {
    description: "What the entry records.",
  },
);
export const SearchMode = Type.Union([
  Type.Literal("auto"),
  Type.Literal("fts"),
  Type.Literal("vector"),
  Type.Literal("hybrid"),
]);
export const Citation = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      "An exact citation returned by PowerContext: {memory_ref:{family,artifact_id,revision}, entry_id, entry_version_id}. Copy it verbatim.",
  },
);
export const JsonObject = Type.Object({}, { additionalProperties: true });
export const SourceReference = Type.Object(
  { name: Type.String(), source_id: Type.String() },
  { description: 'Copy the exact returned `source` object: {name:"content", source_id}.' },
);
export const HandoffEvidence = Type.Union([
  Type.Object({ kind: Type.Literal("source"), source_ref: SourceReference }),
  Type.Object({ kind: Type.Literal("artifact"), artifact_ref: JsonObject }),
  Type.Object({ kind: Type.Literal("memory"), memory_citation: JsonObject }),
]);
const Reason = Type.Optional(Type.String({ description: "Why; kept in the Memory history." }));

export const PARAMETERS = {
  pc_search: Type.Object({
    query: Type.String({ description: "A focused search query." }),
    limit: Type.Optional(Type.Number({ description: "Maximum hits, 1–8 (default 8)." })),
    mode: Type.Optional(SearchMode),
  }),
  pc_memory_list: Type.Object({
    include_inactive: Type.Optional(Type.Boolean({ description: "Include retired entries (explicit audits only)." })),
  }),
  pc_memory_get: Type.Object({ citation: Citation }),
  pc_prepare_context: Type.Object({ query: Type.String({ description: "The question to prepare context for." }) }),
  pc_remember: Type.Object({
    kind: MemoryKind,
    text: Type.String({ description: "Self-contained Memory text, without secrets." }),
    reason: Reason,
  }),
  pc_memory_revise: Type.Object({ citation: Citation, kind: MemoryKind, text: Type.String(), reason: Reason }),
  pc_memory_retire: Type.Object({ citation: Citation, reason: Reason }),
  pc_capture_source: Type.Object({
    source_id: Type.String({ description: "A stable, unique Source id." }),
    content: Type.String({ description: "The Source text, without secrets." }),
    metadata: Type.Optional(JsonObject),
  }),
  pc_handoff_activate: Type.Object({
    boundary_source: SourceReference,
    objective: Type.String(),
    evidence: Type.Optional(Type.Array(HandoffEvidence)),
  }),
  pc_handoff_prepare: Type.Object({ objective: Type.String(), evidence: Type.Array(HandoffEvidence) }),
  pc_handoff_finalize: Type.Object({ draft: JsonObject }),
  pc_handoff_commit: Type.Object({ handoff: JsonObject }),
  pc_handoff_continue: Type.Object({
    selection: Type.Union([Type.Literal("prepared"), Type.Literal("exact"), Type.Literal("latest")]),
    prepared: Type.Optional(JsonObject),
    revision: Type.Optional(JsonObject),
  }),
};
