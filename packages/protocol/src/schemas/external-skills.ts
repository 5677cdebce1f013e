// External Skills (upstream's external-skills/*): Skill folders (`SKILL.md` with front matter) found under the
// Server's configured roots on this host. Scanning rebuilds the host-local registry; nothing is copied or rewritten.
// Importing captures one exact snapshot as a Source and proposes a managed Skill candidate from it.
import { Type, type Static } from "typebox";
import { Nullable, OptionalNullable, SingleLineString, StringEnum, WireObject } from "./builders.ts";
import { Count, Identifier, ScopeId } from "./common.ts";

/** sha256 of a Skill folder's files, 64 lowercase hex. */
export const SkillFingerprint = Type.String({ title: "SkillFingerprint", pattern: "^[0-9a-f]{64}$" });

export const ExternalSkillInstallationScope = StringEnum(["user", "project", "plugin"], {
  title: "ExternalSkillInstallationScope",
});
export type ExternalSkillInstallationScope = Static<typeof ExternalSkillInstallationScope>;

/**
 * One Skill folder as registered by the last scan. `provider` and `agent_kind` are upstream's closed enums, whose only
 * value is `codex`; any other value would break strict clients, so every registration carries it (docs/server.md).
 */
export const ExternalSkillRegistration = WireObject("ExternalSkillRegistration", {
  external_skill_id: Identifier,
  provider: StringEnum(["codex"]),
  agent_kind: StringEnum(["codex"]),
  host_id: SingleLineString(128),
  installation_scope: ExternalSkillInstallationScope,
  /** The folder's absolute path on this host; not a cross-host contract. */
  locator: SingleLineString(2000),
  fingerprint: SkillFingerprint,
  name: SingleLineString(128),
  description: SingleLineString(2000),
});
export type ExternalSkillRegistration = Static<typeof ExternalSkillRegistration>;

/** `entrypoint` is the SKILL.md path, present only while the folder on disk still has the registered fingerprint. */
export const ExternalSkillResolution = WireObject("ExternalSkillResolution", {
  registration: ExternalSkillRegistration,
  status: StringEnum(["available", "unavailable"], { title: "ExternalSkillResolutionStatus" }),
  entrypoint: Nullable(Type.String()),
});
export type ExternalSkillResolution = Static<typeof ExternalSkillResolution>;

export const ScanExternalSkillsRequest = WireObject("ScanExternalSkillsRequest", { scope_id: ScopeId });
export type ScanExternalSkillsRequest = Static<typeof ScanExternalSkillsRequest>;

/** `skipped`: folders refused (outside the roots, a symlink escape, an oversized or unreadable SKILL.md). */
export const ScanExternalSkillsResponse = WireObject("ScanExternalSkillsResponse", {
  registrations: Type.Array(ExternalSkillRegistration),
  skipped: Count,
});
export type ScanExternalSkillsResponse = Static<typeof ScanExternalSkillsResponse>;

export const ListExternalSkillsRequest = WireObject("ListExternalSkillsRequest", {
  scope_id: ScopeId,
  include_unavailable: Type.Optional(Type.Boolean({ default: false })),
});
export type ListExternalSkillsRequest = Static<typeof ListExternalSkillsRequest>;

export const ListExternalSkillsResponse = WireObject("ListExternalSkillsResponse", {
  skills: Type.Array(ExternalSkillResolution),
});
export type ListExternalSkillsResponse = Static<typeof ListExternalSkillsResponse>;

export const ResolveExternalSkillRequest = WireObject("ResolveExternalSkillRequest", {
  scope_id: ScopeId,
  external_skill_id: Identifier,
  fingerprint: SkillFingerprint,
});
export type ResolveExternalSkillRequest = Static<typeof ResolveExternalSkillRequest>;

/** `fork` proposes the Skill as a new one of ours; `import` proposes it as it is. Both wait for review. */
export const ImportExternalSkillRequest = WireObject("ImportExternalSkillRequest", {
  scope_id: ScopeId,
  external_skill_id: Identifier,
  fingerprint: SkillFingerprint,
  mode: StringEnum(["import", "fork"], { title: "ExternalSkillImportMode" }),
  reason: OptionalNullable(Type.String({ minLength: 1, maxLength: 2000 })),
});
export type ImportExternalSkillRequest = Static<typeof ImportExternalSkillRequest>;
