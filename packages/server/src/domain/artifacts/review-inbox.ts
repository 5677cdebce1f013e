// The review inbox of Experience and Skill candidates (api-v1.md §10): list, get, and the three writes of the state
// machine. Writes check the candidate first (404 candidate_not_found, 409 candidate_terminal, 409 candidate_conflict,
// in that order), then the request, and commit with the version and target head they relied on.
import type {
  ApproveArtifactCandidateRequest,
  ArtifactCandidate,
  ArtifactCandidatePage,
  ExperienceProposal,
  GetArtifactCandidateRequest,
  ListArtifactCandidatesRequest,
  RejectArtifactCandidateRequest,
  ReviseArtifactCandidateRequest,
} from "@powercontext/protocol";
import { canonicalJson } from "@powercontext/protocol";
import { toSearchText } from "../../search/analyze.ts";
import type { ArtifactRevision } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { commitCandidate } from "./commit-candidate.ts";
import { invalid } from "./evidence.ts";
import { checkLineage } from "./lineage.ts";
import { checkedEvidence, normalizeProposalReason } from "./proposal.ts";

export const DEFAULT_PAGE_SIZE = 50;
/** Upstream's artifact id prefixes: `exp_<32 hex>` and `skill_<32 hex>`. */
const ARTIFACT_ID_PREFIX = { experience: "exp_", skill: "skill_" } as const;

export async function listArtifactCandidates(
  deps: Pick<DomainDeps, "store">,
  request: ListArtifactCandidatesRequest,
): Promise<ArtifactCandidatePage> {
  return deps.store.listArtifactCandidates({
    scope_id: request.scope_id,
    status: request.status ?? "pending",
    family: request.family ?? null,
    cursor: request.cursor ?? null,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
}

export async function getArtifactCandidate(
  deps: Pick<DomainDeps, "store">,
  request: GetArtifactCandidateRequest,
): Promise<ArtifactCandidate> {
  const candidate = await deps.store.getArtifactCandidate(request.scope_id, request.candidate_id);
  if (!candidate) throw refusalError("candidate_not_found");
  return candidate;
}

/** The candidate, still pending at the version the reviewer saw; else the contract's error. */
async function pendingCandidate(
  deps: Pick<DomainDeps, "store">,
  request: ApproveArtifactCandidateRequest,
): Promise<ArtifactCandidate> {
  const current = await getArtifactCandidate(deps, request);
  if (current.status !== "pending") throw refusalError("candidate_terminal", { status: current.status });
  if (current.version !== request.expected_version) {
    throw refusalError("candidate_conflict", {
      expected_version: request.expected_version,
      current_version: current.version,
    });
  }
  return current;
}

/** The text recall matches an Experience by. */
export function experienceSearchText(content: ExperienceProposal): string {
  return ` ${toSearchText([content.situation, content.action, content.outcome, content.lesson].join("\n"))} `;
}

/** Writes the target's next revision (or a new artifact at revision 1) and marks the candidate approved. */
export async function approveArtifactCandidate(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: ApproveArtifactCandidateRequest,
): Promise<ArtifactCandidate> {
  const current = await pendingCandidate(deps, request);
  checkLineage(current.family, current.target, current);
  const { family, target } = current;
  const artifact = target
    ? { family, artifact_id: target.artifact_id, revision: target.revision + 1 }
    : { family, artifact_id: deps.ids.next(ARTIFACT_ID_PREFIX[family]), revision: 1 };
  const now = deps.clock.now().toISOString();
  const revision: ArtifactRevision = {
    artifact,
    content: current.proposal,
    source_refs: current.source_refs,
    artifact_refs: current.artifact_refs,
    candidate_id: current.candidate_id,
    created_at: now,
  };
  return commitCandidate(deps, {
    scope_id: request.scope_id,
    candidate: { ...current, status: "approved", result_artifact: artifact },
    expected_version: current.version,
    appends_version: false,
    expected_head: target && { family, artifact_id: target.artifact_id, revision: target.revision },
    revision,
    search_text: family === "experience" ? experienceSearchText(current.proposal as ExperienceProposal) : null,
    now,
  });
}

export async function rejectArtifactCandidate(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: RejectArtifactCandidateRequest,
): Promise<ArtifactCandidate> {
  const current = await pendingCandidate(deps, request);
  const reason = request.reason.trim();
  rejectSecrets({ reason });
  return commitCandidate(deps, {
    scope_id: request.scope_id,
    candidate: { ...current, status: "rejected", decision_reason: reason },
    expected_version: current.version,
    appends_version: false,
    expected_head: null,
    revision: null,
    search_text: null,
    now: deps.clock.now().toISOString(),
  });
}

/** A complete replacement stored as the next pending version; the family and the target cannot change. */
export async function reviseArtifactCandidate(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: ReviseArtifactCandidateRequest,
): Promise<ArtifactCandidate> {
  const current = await pendingCandidate(deps, request);
  const isExperience = "situation" in request.proposal;
  if (isExperience !== (current.family === "experience")) {
    throw invalid(`The proposal must be a ${current.family} proposal.`);
  }
  const target = request.target ?? null;
  if (canonicalJson(target) !== canonicalJson(current.target)) {
    throw invalid("A revision cannot change the candidate's target.");
  }
  const { refs } = await checkedEvidence(deps, current.family, request);
  const reason = normalizeProposalReason(request.reason);
  rejectSecrets({ proposal: request.proposal, reason });
  const next: ArtifactCandidate = {
    ...current,
    version: current.version + 1,
    proposal: request.proposal,
    source_refs: refs.source_refs,
    artifact_refs: refs.artifact_refs,
    reason,
  };
  return commitCandidate(deps, {
    scope_id: request.scope_id,
    candidate: next,
    expected_version: current.version,
    appends_version: true,
    expected_head: target && { family: current.family, artifact_id: target.artifact_id, revision: target.revision },
    revision: null,
    search_text: null,
    now: deps.clock.now().toISOString(),
  });
}
