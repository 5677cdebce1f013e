// `powercontext review list | show | approve | reject`: human review of Memory candidates from the terminal.
import { callOk, type ServerTarget } from "./server-client.ts";

export interface Candidate {
  candidate_id: string;
  version: number;
  status: "pending" | "approved" | "rejected";
  proposal: { kind: string; text: string };
  confidence: number;
  extractor: string;
  source_refs: Array<{ name: string; source_id: string }>;
  reviewer: string | null;
  decision_reason: string | null;
  result: { entry_id: string } | null;
}

export interface CandidatePage {
  candidates: Candidate[];
  next_cursor: string | null;
}

export const DEFAULT_CLI_REVIEWER = "user:cli";

export async function listReview(
  target: ServerTarget,
  options: { scope: string; status?: string; limit?: number; cursor?: string },
): Promise<CandidatePage> {
  return callOk<CandidatePage>(target, "POST", "/v1/memory/candidates/list", {
    scope_id: options.scope,
    status: options.status ?? "pending",
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
  });
}

export async function showReview(target: ServerTarget, options: { scope: string; id: string }): Promise<Candidate> {
  return callOk<Candidate>(target, "POST", "/v1/memory/candidates/get", {
    scope_id: options.scope,
    candidate_id: options.id,
  });
}

/** Approves or rejects; without an explicit version, the candidate's current version is read first. */
export async function decideReview(
  target: ServerTarget,
  options: {
    scope: string;
    id: string;
    decision: "approve" | "reject";
    version?: number;
    reviewer?: string;
    reason?: string;
  },
): Promise<Candidate> {
  const version = options.version ?? (await showReview(target, options)).version;
  const body = {
    scope_id: options.scope,
    candidate_id: options.id,
    expected_version: version,
    reviewer: options.reviewer ?? DEFAULT_CLI_REVIEWER,
    ...(options.decision === "reject" ? { reason: options.reason ?? "" } : {}),
  };
  return callOk<Candidate>(target, "POST", `/v1/memory/candidates/${options.decision}`, body);
}

/** One candidate in three lines: identity and status, the proposed text, its sources and the review so far. */
export function describeCandidate(candidate: Candidate): string {
  const sources = candidate.source_refs.map((ref) => ref.source_id).join(", ") || "none";
  return [
    `${candidate.candidate_id}  v${candidate.version}  ${candidate.status}  ${candidate.proposal.kind}  confidence ${candidate.confidence}`,
    `  ${candidate.proposal.text}`,
    `  sources: ${sources}${candidate.reviewer ? `  reviewer: ${candidate.reviewer}` : ""}${candidate.decision_reason ? `  reason: ${candidate.decision_reason}` : ""}`,
  ].join("\n");
}

/** A page of candidates, or that there is none with this status; the cursor of the next page when there is one. */
export function describeCandidatePage(page: CandidatePage, status: string): string {
  return [
    ...page.candidates.map(describeCandidate),
    page.candidates.length === 0 ? `No ${status} candidates.` : "",
    page.next_cursor ? `More: --cursor ${page.next_cursor}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The candidate after `approve` or `reject`, under the decision taken. */
export function describeDecision(decision: "approve" | "reject", candidate: Candidate): string {
  return `${decision === "approve" ? "Approved." : "Rejected."}\n${describeCandidate(candidate)}`;
}
