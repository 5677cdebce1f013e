// The Review stage applied to each new candidate during a flush.
import type { CandidateDisposition, NewEntryVersion } from "../../store/types.ts";
import type { ReviewPolicy } from "../deps.ts";

export const AUTO_REVIEWER = "policy:auto";
export const DEFAULT_AUTO_THRESHOLD = 0.7;

/** `auto` approves at or above its threshold and leaves the rest pending for a person; `manual` leaves all pending. */
export function reviewCandidate(
  policy: ReviewPolicy,
  confidence: number,
  entry: NewEntryVersion,
  nearDuplicateOf: string | null,
): CandidateDisposition {
  switch (policy.mode) {
    case "manual":
      return { status: "pending" };
    case "auto":
      return confidence >= policy.threshold
        ? { status: "approved", reviewer: AUTO_REVIEWER, entry, near_duplicate_of: nearDuplicateOf }
        : { status: "pending" };
    default: {
      const unreachable: never = policy;
      throw new Error(`unknown review policy ${JSON.stringify(unreachable)}`);
    }
  }
}
