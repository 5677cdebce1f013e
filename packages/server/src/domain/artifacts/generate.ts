// experience/generate and skill/generate: a pending candidate drafted from the cited evidence, by the configured model
// when there is one (its answer checked, else drafted deterministically), without one deterministically. The result's
// `reason` says how it was drafted and from what. Never approved here. A draft equal to its target's head is a no-op.
import type {
  ArtifactProposal,
  CandidateFamily,
  GenerateExperienceRequest,
  GenerateSkillRequest,
  GeneratedCandidateResponse,
} from "@powercontext/protocol";
import { canonicalJson } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { callModel } from "../model/call-model.ts";
import { draftExperience, draftSkill } from "./deterministic-draft.ts";
import { describeUsed, readFacts, type EvidenceFacts } from "./evidence-facts.ts";
import { proposalPrompt, readExperience, readSkill } from "./model-draft.ts";
import { checkedEvidence, normalizeProposalReason, storeProposal } from "./proposal.ts";

type GenerateDeps = Pick<DomainDeps, "store" | "clock" | "ids" | "model">;
const MAX_REASON_CHARS = 2000;

export async function generateExperience(
  deps: GenerateDeps,
  request: GenerateExperienceRequest,
): Promise<GeneratedCandidateResponse> {
  return generate(deps, "experience", request, (facts) => draftExperience(facts));
}

export async function generateSkill(
  deps: GenerateDeps,
  request: GenerateSkillRequest,
): Promise<GeneratedCandidateResponse> {
  return generate(deps, "skill", request, (facts) => draftSkill(facts, request.origin));
}

async function generate(
  deps: GenerateDeps,
  family: CandidateFamily,
  request: GenerateExperienceRequest,
  deterministic: (facts: EvidenceFacts) => ArtifactProposal,
): Promise<GeneratedCandidateResponse> {
  const { refs, target, evidence } = await checkedEvidence(deps, family, request);
  const facts = readFacts(evidence);
  // The deterministic draft also checks that the evidence holds enough to draft from (422 otherwise).
  const fallback = deterministic(facts);
  const drafted = await modelDraft(deps, family, request.scope_id, facts);
  const proposal = drafted.proposal ?? fallback;
  if (target) {
    const head = await deps.store.getArtifactRevision(request.scope_id, target);
    if (head && canonicalJson(head.content) === canonicalJson(proposal)) return { status: "no_op", candidate: null };
  }
  const how = `${drafted.how} from ${describeUsed(facts.used)}.`;
  const given = normalizeProposalReason(request.reason);
  const reason = [...(given === null ? how : `${given} (${how})`)].slice(0, MAX_REASON_CHARS).join("");
  const candidate = await storeProposal(deps, { scope_id: request.scope_id, family, proposal, refs, target, reason });
  return { status: "pending", candidate };
}

/** The model's checked proposal and how the draft came about; a null proposal means: use the deterministic one. */
async function modelDraft(
  deps: GenerateDeps,
  family: CandidateFamily,
  scopeId: string,
  facts: EvidenceFacts,
): Promise<{ proposal: ArtifactProposal | null; how: string }> {
  if (deps.model === null) return { proposal: null, how: "Drafted without a model" };
  const purpose = family === "experience" ? "experience_generation" : "skill_generation";
  const model = { model: deps.model, store: deps.store, clock: deps.clock };
  const result = await callModel(model, { scope_id: scopeId, purpose, request: proposalPrompt(family, facts) });
  if (result.status !== "ok") return { proposal: null, how: `Drafted without a model (model ${result.status})` };
  const proposal = family === "experience" ? readExperience(result.text) : readSkill(result.text);
  if (proposal === null) return { proposal: null, how: "Drafted without a model (the model's answer was refused)" };
  return { proposal, how: "Drafted by the configured model" };
}
