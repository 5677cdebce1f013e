// `powercontext review approve-all | reject-all`: decide every pending candidate that matches a filter (kind,
// confidence range, text), each at the version just read, or with --dry-run only list what would be decided.
import type { MemoryCandidate } from "@powercontext/protocol";
import { PowerContextError } from "../errors.ts";
import { decideReview, listReview } from "./review.ts";
import { ServerCallError, type ServerTarget } from "./server-client.ts";

export interface CandidateFilter {
  kind?: string;
  minConfidence?: number;
  maxConfidence?: number;
  /** A case-insensitive regular expression the proposal's text must match. */
  match?: string;
}

export interface BulkReviewReport {
  decision: "approve" | "reject";
  dry_run: boolean;
  matched: number;
  decided: string[];
  failed: Array<{ candidate_id: string; code: string; message: string }>;
}

const PAGE_SIZE = 100;

/** Every pending candidate of the scope that passes the filter, all pages read before anything is decided. */
async function pendingMatches(
  target: ServerTarget,
  scope: string,
  filter: CandidateFilter,
): Promise<MemoryCandidate[]> {
  let pattern: RegExp | null = null;
  try {
    pattern = filter.match === undefined ? null : new RegExp(filter.match, "i");
  } catch {
    throw new PowerContextError("configuration_invalid", `--match is not a valid regular expression: ${filter.match}`);
  }
  const passes = (candidate: MemoryCandidate) =>
    (filter.kind === undefined || candidate.proposal.kind === filter.kind) &&
    candidate.confidence >= (filter.minConfidence ?? 0) &&
    candidate.confidence <= (filter.maxConfidence ?? 1) &&
    (pattern === null || pattern.test(candidate.proposal.text));
  const matches: MemoryCandidate[] = [];
  let cursor: string | undefined;
  do {
    const page = await listReview(target, {
      scope,
      status: "pending",
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    matches.push(...page.candidates.filter(passes));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return matches;
}

export async function bulkReview(
  target: ServerTarget,
  options: CandidateFilter & {
    scope: string;
    decision: "approve" | "reject";
    dryRun?: boolean;
    reviewer?: string;
    reason?: string;
  },
): Promise<BulkReviewReport> {
  const matches = await pendingMatches(target, options.scope, options);
  const report: BulkReviewReport = {
    decision: options.decision,
    dry_run: options.dryRun === true,
    matched: matches.length,
    decided: [],
    failed: [],
  };
  if (options.dryRun) {
    report.decided = matches.map((candidate) => candidate.candidate_id);
    return report;
  }
  for (const candidate of matches) {
    try {
      await decideReview(target, { ...options, id: candidate.candidate_id, version: candidate.version });
      report.decided.push(candidate.candidate_id);
    } catch (error) {
      // A candidate that moved on since it was read is reported, not decided, and the rest go on.
      if (!(error instanceof ServerCallError) || error.status === 0) throw error;
      report.failed.push({ candidate_id: candidate.candidate_id, code: error.code, message: error.message });
    }
  }
  return report;
}

export function describeBulkReview(report: BulkReviewReport): string {
  const verb = report.decision === "approve" ? "approved" : "rejected";
  if (report.dry_run) {
    return [
      `${report.matched} pending candidate(s) match; would be ${verb} (dry run, nothing changed):`,
      ...report.decided,
    ].join("\n");
  }
  return [
    `${report.decided.length} of ${report.matched} matching candidate(s) ${verb}.`,
    ...report.failed.map((failure) => `FAIL  ${failure.candidate_id}: ${failure.code}: ${failure.message}`),
  ].join("\n");
}
