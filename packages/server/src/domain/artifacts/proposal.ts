// A new Experience or Skill proposal as a pending candidate (version 1): its evidence normalized and checked, its
// target still the head, nothing approved. Shared by propose, generate and external Skill import.
import type {
  ArtifactCandidate,
  ArtifactProposal,
  ArtifactReference,
  CandidateFamily,
  SourceReference,
} from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { commitCandidate } from "./commit-candidate.ts";
import { normalizeRefs, resolveEvidence, type EvidenceRefs, type ResolvedEvidence } from "./evidence.ts";
import { checkLineage, checkTargetIsHead } from "./lineage.ts";

export interface ProposalRequest {
  scope_id: string;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
  target?: ArtifactReference | null | undefined;
  reason?: string | null | undefined;
}

/** A reason is stored trimmed; a blank one is none. */
export function normalizeProposalReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** The checked evidence of a proposal: 422 for broken refs or lineage, 409 for a stale target. */
export async function checkedEvidence(
  deps: Pick<DomainDeps, "store">,
  family: CandidateFamily,
  request: ProposalRequest,
): Promise<{ refs: EvidenceRefs; target: ArtifactReference | null; evidence: ResolvedEvidence }> {
  const refs = normalizeRefs(request);
  const target = request.target ?? null;
  checkLineage(family, target, refs);
  const evidence = await resolveEvidence(deps, request.scope_id, refs);
  await checkTargetIsHead(deps, request.scope_id, family, target);
  return { refs, target, evidence };
}

/** Stores `proposal` as a new pending candidate of `family` citing `refs`. */
export async function storeProposal(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  input: {
    scope_id: string;
    family: CandidateFamily;
    proposal: ArtifactProposal;
    refs: EvidenceRefs;
    target: ArtifactReference | null;
    reason: string | null;
  },
): Promise<ArtifactCandidate> {
  rejectSecrets({ proposal: input.proposal, reason: input.reason });
  const candidate: ArtifactCandidate = {
    candidate_id: deps.ids.next("cand_"),
    version: 1,
    family: input.family,
    status: "pending",
    proposal: input.proposal,
    source_refs: input.refs.source_refs,
    artifact_refs: input.refs.artifact_refs,
    target: input.target,
    reason: input.reason,
    result_artifact: null,
    decision_reason: null,
  };
  return commitCandidate(deps, {
    scope_id: input.scope_id,
    candidate,
    expected_version: null,
    appends_version: true,
    expected_head: input.target && { ...input.target, family: input.family },
    revision: null,
    search_text: null,
    now: deps.clock.now().toISOString(),
  });
}

/** propose_experience and propose_skill: the caller's proposal, checked, as a pending candidate. */
export async function proposeArtifact(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  family: CandidateFamily,
  request: ProposalRequest & { proposal: ArtifactProposal },
): Promise<ArtifactCandidate> {
  const { refs, target } = await checkedEvidence(deps, family, request);
  const reason = normalizeProposalReason(request.reason);
  return storeProposal(deps, { scope_id: request.scope_id, family, proposal: request.proposal, refs, target, reason });
}
