// `powercontext review list | show | approve | reject`: human review of Memory candidates from the terminal.
import type { CandidateStatus, ListMemoryCandidatesResponse, MemoryCandidate } from "@powercontext/protocol";
import { definedFields } from "./defined-fields.ts";
import { callOk, type ServerTarget } from "./server-client.ts";

export const DEFAULT_CLI_REVIEWER = "user:cli";

export async function listReview(
  target: ServerTarget,
  options: { scope: string; status?: string; limit?: number; cursor?: string },
): Promise<ListMemoryCandidatesResponse> {
  return callOk(
    target,
    "list_memory_candidates",
    definedFields({
      scope_id: options.scope,
      // As typed on the command line: the Server checks it and answers invalid_request for an unknown status.
      status: (options.status ?? "pending") as CandidateStatus,
      limit: options.limit,
      cursor: options.cursor,
    }),
  );
}

export async function showReview(
  target: ServerTarget,
  options: { scope: string; id: string },
): Promise<MemoryCandidate> {
  return callOk(target, "get_memory_candidate", {
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
): Promise<MemoryCandidate> {
  const version = options.version ?? (await showReview(target, options)).version;
  const body = {
    scope_id: options.scope,
    candidate_id: options.id,
    expected_version: version,
    reviewer: options.reviewer ?? DEFAULT_CLI_REVIEWER,
  };
  return options.decision === "approve"
    ? callOk(target, "approve_memory_candidate", body)
    : callOk(target, "reject_memory_candidate", { ...body, reason: options.reason ?? "" });
}

/** One candidate in three lines: identity and status, the proposed text, its sources and the review so far. */
export function describeCandidate(candidate: MemoryCandidate): string {
  const sources = candidate.source_refs.map((ref) => ref.source_id).join(", ") || "none";
  return [
    `${candidate.candidate_id}  v${candidate.version}  ${candidate.status}  ${candidate.proposal.kind}  confidence ${candidate.confidence}`,
    `  ${candidate.proposal.text}`,
    `  sources: ${sources}${candidate.reviewer ? `  reviewer: ${candidate.reviewer}` : ""}${candidate.decision_reason ? `  reason: ${candidate.decision_reason}` : ""}`,
  ].join("\n");
}

/** A page of candidates, or that there is none with this status; the cursor of the next page when there is one. */
export function describeCandidatePage(page: ListMemoryCandidatesResponse, status: string): string {
  return [
    ...page.candidates.map(describeCandidate),
    page.candidates.length === 0 ? `No ${status} candidates.` : "",
    page.next_cursor ? `More: --cursor ${page.next_cursor}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The candidate after `approve` or `reject`, under the decision taken. */
export function describeDecision(decision: "approve" | "reject", candidate: MemoryCandidate): string {
  return `${decision === "approve" ? "Approved." : "Rejected."}\n${describeCandidate(candidate)}`;
}
