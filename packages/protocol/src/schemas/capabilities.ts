// GET /v1/capabilities (api-v1.md §5.3): nine fields, all emitted.
import { Type, type Static } from "typebox";
import { PREPARED_CONTEXT_SCHEMA } from "../schema-ids.ts";
import { StringEnum, WireObject } from "./builders.ts";
import { SearchMode } from "./common.ts";

/** The contract's artifact families; each one's operations live under `/v1/<family>/`. */
export const ARTIFACT_FAMILIES = ["memory", "experience", "skill", "handoff"] as const;
export const ArtifactFamily = StringEnum(ARTIFACT_FAMILIES, { title: "ArtifactFamily" });
export type ArtifactFamily = Static<typeof ArtifactFamily>;

export const CapabilitiesResponse = WireObject("Capabilities", {
  source_types: Type.Array(Type.Literal("content"), { uniqueItems: true }),
  artifact_families: Type.Array(ArtifactFamily, { uniqueItems: true }),
  memory_extraction: Type.Boolean(),
  experience_generation: Type.Boolean(),
  managed_skill_generation: Type.Boolean(),
  external_skill_registry: Type.Boolean(),
  handoff_generation: Type.Boolean(),
  /** Modes search accepts; an FTS-only server advertises `["auto","fts"]`. */
  search_modes: Type.Array(SearchMode, { uniqueItems: true }),
  context_versions: Type.Array(Type.Literal(PREPARED_CONTEXT_SCHEMA), { uniqueItems: true }),
});
export type CapabilitiesResponse = Static<typeof CapabilitiesResponse>;
