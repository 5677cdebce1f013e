// external-skills/import: one exact snapshot of an external Skill captured as a Source (its SKILL.md, with the
// fingerprint in the metadata), then proposed as a pending managed Skill citing that Source. Never approved here.
// The same snapshot imported again in the same mode is a no-op: its Source already exists.
import type { GeneratedCandidateResponse, ImportExternalSkillRequest, SkillProposal } from "@powercontext/protocol";
import { normalizeProposalReason, storeProposal } from "../artifacts/proposal.ts";
import type { DomainDeps } from "../deps.ts";
import { captureSource } from "../journal/capture.ts";
import { refusalError } from "../refusals.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import { parseSkillDocument, type SkillDocument } from "./front-matter.ts";
import { externalSkillsOf, resolveNow } from "./operations.ts";

const MAX_REASON_CHARS = 2000;
const MAX_CHECKS = 32;

/** Checks the document states under a "Validation" heading, as list items; none when it has no such section. */
function validationItems(body: string): string[] {
  const section =
    /^#{1,6}[ \t]+(?:validation|verification|checks?)[ \t]*$([\s\S]*?)(?=^#{1,6}[ \t]|(?![\s\S]))/imu.exec(body);
  const items = [...(section?.[1] ?? "").matchAll(/^[ \t]*(?:[-*•]|\d+[.)])[ \t]+(\S.*)$/gmu)];
  return items
    .map((item) => (item[1] ?? "").replace(/\s+/gu, " ").trim().slice(0, MAX_REASON_CHARS).trim())
    .filter((item) => item !== "")
    .slice(0, MAX_CHECKS);
}

function toProposal(document: SkillDocument, fingerprint: string, mode: "import" | "fork"): SkillProposal {
  const validation = validationItems(document.body);
  const name = mode === "fork" ? `${[...document.name].slice(0, 120).join("").trim()} (fork)` : document.name;
  return {
    name,
    description: document.description,
    instructions: document.body === "" ? document.description : [...document.body].slice(0, 32000).join(""),
    validation:
      validation.length > 0 ? validation : [`The instructions match the external SKILL.md with sha256 ${fingerprint}`],
  };
}

export async function importExternalSkill(
  deps: Pick<DomainDeps, "store" | "clock" | "ids" | "externalSkills">,
  request: ImportExternalSkillRequest,
): Promise<GeneratedCandidateResponse> {
  const skills = externalSkillsOf(deps);
  const registration = skills.registry.get(request.external_skill_id);
  if (registration === null) throw refusalError("external_skill_not_found");
  const { folder } = await resolveNow(skills, registration, request.fingerprint);
  // The document as the Source stores it: secrets redacted, so the proposal says nothing the journal does not.
  const document = folder && parseSkillDocument(scrubText(folder.skill_md));
  if (!folder || !document) throw refusalError("external_skill_unavailable");
  const source_id = `external-skill:${request.mode}:${registration.external_skill_id}:${folder.fingerprint}`;
  if (await deps.store.findSource(request.scope_id, source_id)) return { status: "no_op", candidate: null };
  await captureSource(deps, {
    scope_id: request.scope_id,
    source_id,
    content: folder.skill_md,
    metadata: { kind: "external-skill", fingerprint: folder.fingerprint, locator: folder.locator, mode: request.mode },
  });
  const how = `${request.mode === "fork" ? "Forked" : "Imported"} without a model from ${folder.entrypoint} (sha256 ${folder.fingerprint}).`;
  const given = normalizeProposalReason(request.reason);
  const reason = [...(given === null ? how : `${given} (${how})`)].slice(0, MAX_REASON_CHARS).join("");
  const candidate = await storeProposal(deps, {
    scope_id: request.scope_id,
    family: "skill",
    proposal: toProposal(document, folder.fingerprint, request.mode),
    refs: { source_refs: [{ name: "content", source_id }], artifact_refs: [] },
    target: null,
    reason,
  });
  return { status: "pending", candidate };
}
