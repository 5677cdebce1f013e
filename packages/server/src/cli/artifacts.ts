// `powercontext experience …`, `skill …` and `skills …`: Experience and Skill proposals, their review inbox and the
// host's external Skills, through the Server's operations. Each function returns the Server's answer; the describe…
// functions put it in words (output.ts prints one or the other).
import type {
  ArtifactCandidate,
  ArtifactCandidatePage,
  ArtifactReference,
  CandidateFamily,
  CandidateStatus,
  ExperienceArtifact,
  GeneratedCandidateResponse,
  ListExternalSkillsResponse,
  ScanExternalSkillsResponse,
  SkillArtifact,
  SkillGenerationOrigin,
} from "@powercontext/protocol";
import { InvalidArgumentError } from "commander";
import { PowerContextError } from "../errors.ts";
import { definedFields } from "./defined-fields.ts";
import { callOk, type ServerTarget } from "./server-client.ts";

/** The evidence options of propose and generate. */
export interface EvidenceOptions {
  scope: string;
  source?: string[];
  artifact?: ArtifactReference[];
  target?: ArtifactReference;
  reason?: string;
}

/** `family/artifact_id@revision`, e.g. `experience/exp_5d2e…@1`. */
export function artifactRef(value: string): ArtifactReference {
  const match = /^([\x21-\x7E]+?)\/([\x21-\x7E]+)@(\d+)$/u.exec(value);
  if (!match || Number(match[3]) < 1) throw new InvalidArgumentError("must be family/artifact_id@revision");
  return { family: match[1] ?? "", artifact_id: match[2] ?? "", revision: Number(match[3]) };
}

export function collect<T>(parse: (value: string) => T): (value: string, previous: T[] | undefined) => T[] {
  return (value, previous) => [...(previous ?? []), parse(value)];
}

function evidence(options: EvidenceOptions) {
  return definedFields({
    scope_id: options.scope,
    source_refs: (options.source ?? []).map((source_id) => ({ name: "content" as const, source_id })),
    artifact_refs: options.artifact ?? [],
    target: options.target,
    reason: options.reason,
  });
}

export function proposeExperience(
  target: ServerTarget,
  options: EvidenceOptions & { situation: string; action: string; outcome: string; lesson: string },
): Promise<ArtifactCandidate> {
  const { situation, action, outcome, lesson } = options;
  return callOk(target, "propose_experience", {
    ...evidence(options),
    proposal: { situation, action, outcome, lesson },
  });
}

export function proposeSkill(
  target: ServerTarget,
  options: EvidenceOptions & { name: string; description: string; instructions: string; check: string[] },
): Promise<ArtifactCandidate> {
  const proposal = {
    name: options.name,
    description: options.description,
    instructions: options.instructions,
    validation: options.check,
  };
  return callOk(target, "propose_skill", { ...evidence(options), proposal });
}

export function generateArtifact(
  target: ServerTarget,
  family: CandidateFamily,
  options: EvidenceOptions & { origin?: string },
): Promise<GeneratedCandidateResponse> {
  if (family === "experience") return callOk(target, "generate_experience", evidence(options));
  // As typed on the command line: the Server checks it and answers invalid_request for an unknown origin.
  const origin = (options.origin ?? "experience") as SkillGenerationOrigin;
  return callOk(target, "generate_skill", { ...evidence(options), origin });
}

export function getArtifact(
  target: ServerTarget,
  family: CandidateFamily,
  options: { scope: string; id: string; revision: number },
): Promise<ExperienceArtifact | SkillArtifact> {
  const body = { scope_id: options.scope, artifact: { family, artifact_id: options.id, revision: options.revision } };
  return family === "experience" ? callOk(target, "get_experience", body) : callOk(target, "get_skill", body);
}

export function listCandidates(
  target: ServerTarget,
  family: CandidateFamily,
  options: { scope: string; status?: string; limit?: number; cursor?: string },
): Promise<ArtifactCandidatePage> {
  const status = (options.status ?? "pending") as CandidateStatus;
  const body = { scope_id: options.scope, family, status, limit: options.limit, cursor: options.cursor };
  return callOk(target, "list_artifact_candidates", definedFields(body));
}

/** Approves or rejects; without an explicit version, the candidate's current version is read first. */
export async function decideCandidate(
  target: ServerTarget,
  options: { scope: string; id: string; decision: "approve" | "reject"; expectedVersion?: number; reason?: string },
): Promise<ArtifactCandidate> {
  const address = { scope_id: options.scope, candidate_id: options.id };
  const expected_version = options.expectedVersion ?? (await callOk(target, "get_artifact_candidate", address)).version;
  if (options.decision === "approve") {
    return callOk(target, "approve_artifact_candidate", { ...address, expected_version });
  }
  return callOk(target, "reject_artifact_candidate", { ...address, expected_version, reason: options.reason ?? "" });
}

export function showCandidate(
  target: ServerTarget,
  options: { scope: string; id: string },
): Promise<ArtifactCandidate> {
  return callOk(target, "get_artifact_candidate", { scope_id: options.scope, candidate_id: options.id });
}

export function scanSkills(target: ServerTarget, options: { scope: string }): Promise<ScanExternalSkillsResponse> {
  return callOk(target, "scan_external_skills", { scope_id: options.scope });
}

export function listSkills(
  target: ServerTarget,
  options: { scope: string; includeUnavailable?: boolean },
): Promise<ListExternalSkillsResponse> {
  const body = { scope_id: options.scope, include_unavailable: options.includeUnavailable ?? false };
  return callOk(target, "list_external_skills", body);
}

/** Imports (or forks) at the given fingerprint, else at the one the registry holds for the Skill. */
export async function importSkill(
  target: ServerTarget,
  options: { scope: string; id: string; fingerprint?: string; fork?: boolean; reason?: string },
): Promise<GeneratedCandidateResponse> {
  let fingerprint = options.fingerprint;
  if (fingerprint === undefined) {
    const { skills } = await listSkills(target, { scope: options.scope, includeUnavailable: true });
    fingerprint = skills.find((skill) => skill.registration.external_skill_id === options.id)?.registration.fingerprint;
    if (fingerprint === undefined) {
      throw new PowerContextError(
        "external_skill_not_found",
        `No registered external Skill ${options.id}; run \`powercontext skills scan\`.`,
      );
    }
  }
  const body = {
    scope_id: options.scope,
    external_skill_id: options.id,
    fingerprint,
    mode: options.fork ? "fork" : "import",
  } as const;
  return callOk(target, "import_external_skill", definedFields({ ...body, reason: options.reason }));
}

function describeProposal(candidate: ArtifactCandidate): string {
  const { proposal } = candidate;
  if ("situation" in proposal) return `${proposal.situation} → ${proposal.lesson}`;
  return `${proposal.name}: ${proposal.description}`;
}

/** `cand_…  v2  pending  experience  <situation> → <lesson>` and the result or decision reason when there is one. */
export function describeCandidate(candidate: ArtifactCandidate): string {
  const { candidate_id, version, status, family, result_artifact, decision_reason } = candidate;
  const result = result_artifact
    ? `  → ${result_artifact.family}/${result_artifact.artifact_id}@${result_artifact.revision}`
    : "";
  const decided = decision_reason ? `  (${decision_reason})` : "";
  return `${candidate_id}  v${version}  ${status}  ${family}  ${describeProposal(candidate)}${result}${decided}`;
}

export function describeCandidatePage(page: ArtifactCandidatePage): string {
  if (page.candidates.length === 0) return "No candidates.";
  const more = page.next_cursor === null ? "" : `\nMore: --cursor ${page.next_cursor}`;
  return `${page.candidates.map(describeCandidate).join("\n")}${more}`;
}

export function describeGenerated(answer: GeneratedCandidateResponse): string {
  if (answer.candidate === null) return "Nothing new: the target already says this (no candidate).";
  return `${describeCandidate(answer.candidate)}\n${answer.candidate.reason ?? ""}`.trim();
}

export function describeArtifact(artifact: ExperienceArtifact | SkillArtifact): string {
  const { family, artifact_id, revision } = artifact.artifact;
  const lines = Object.entries(artifact.content).map(
    ([key, value]) => `${key}: ${Array.isArray(value) ? value.join("; ") : value}`,
  );
  return [`${family}/${artifact_id}@${revision}`, ...lines].join("\n");
}

export function describeScan(scan: ScanExternalSkillsResponse): string {
  const lines = scan.registrations.map((r) => `${r.external_skill_id}  ${r.name}  ${r.locator}`);
  return [...lines, `${scan.registrations.length} registered, ${scan.skipped} skipped.`].join("\n");
}

export function describeSkillList(list: ListExternalSkillsResponse): string {
  if (list.skills.length === 0) return "No external Skills (run `powercontext skills scan`).";
  return list.skills
    .map(
      ({ registration, status }) =>
        `${registration.external_skill_id}  ${status}  ${registration.name}  ${registration.fingerprint.slice(0, 12)}`,
    )
    .join("\n");
}
