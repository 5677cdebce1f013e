// external-skills/scan, list and resolve: the registry rebuilt from the configured roots, and registrations resolved
// against the folders on disk now. Resolution is exact: a registration is available only while its folder still has
// the fingerprint asked for; nothing falls back to another version and nothing is installed.
import type {
  ExternalSkillRegistration,
  ExternalSkillResolution,
  ListExternalSkillsRequest,
  ListExternalSkillsResponse,
  ResolveExternalSkillRequest,
  ScanExternalSkillsRequest,
  ScanExternalSkillsResponse,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { toRegistration, type ExternalSkills } from "./registry.ts";
import type { SkillFolder } from "./types.ts";

type SkillDeps = Pick<DomainDeps, "externalSkills">;

/** The configured registry, or 422 `capability_not_supported` when no roots are configured. */
export function externalSkillsOf(deps: SkillDeps): ExternalSkills {
  if (deps.externalSkills === null) {
    throw new PowerContextError("capability_not_supported", "The requested capability is unavailable.", {
      details: { capability: "external_skill_registry" },
    });
  }
  return deps.externalSkills;
}

export async function scanExternalSkills(
  deps: SkillDeps,
  _request: ScanExternalSkillsRequest,
): Promise<ScanExternalSkillsResponse> {
  const skills = externalSkillsOf(deps);
  const scan = await skills.folders.scan();
  let skipped = Object.values(scan.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
  const registrations: ExternalSkillRegistration[] = [];
  for (const folder of scan.folders) {
    const registration = toRegistration(skills.host_id, folder);
    if (registration === null) skipped += 1;
    else registrations.push(registration);
  }
  skills.registry.replace(registrations);
  return { registrations: skills.registry.all(), skipped };
}

/** The registration resolved now: its folder, when it still has `fingerprint`; else unavailable. */
export async function resolveNow(
  skills: ExternalSkills,
  registration: ExternalSkillRegistration,
  fingerprint: string,
): Promise<{ resolution: ExternalSkillResolution; folder: SkillFolder | null }> {
  const state = fingerprint === registration.fingerprint ? await skills.folders.inspect(registration.locator) : null;
  const folder = state?.status === "found" && state.folder.fingerprint === fingerprint ? state.folder : null;
  return {
    resolution: { registration, status: folder ? "available" : "unavailable", entrypoint: folder?.entrypoint ?? null },
    folder,
  };
}

export async function listExternalSkills(
  deps: SkillDeps,
  request: ListExternalSkillsRequest,
): Promise<ListExternalSkillsResponse> {
  const skills = externalSkillsOf(deps);
  const resolved: ExternalSkillResolution[] = [];
  for (const registration of skills.registry.all()) {
    const { resolution } = await resolveNow(skills, registration, registration.fingerprint);
    if (resolution.status === "available" || request.include_unavailable === true) resolved.push(resolution);
  }
  return { skills: resolved };
}

export async function resolveExternalSkill(
  deps: SkillDeps,
  request: ResolveExternalSkillRequest,
): Promise<ExternalSkillResolution> {
  const skills = externalSkillsOf(deps);
  const registration = skills.registry.get(request.external_skill_id);
  if (registration === null) throw refusalError("external_skill_not_found");
  return (await resolveNow(skills, registration, request.fingerprint)).resolution;
}
