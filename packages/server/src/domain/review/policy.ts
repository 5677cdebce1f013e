// The Review stage applied to each new candidate during a flush.
import type { NewEntryVersion } from "../../store/types.ts";
import type { ReviewPolicy } from "../deps.ts";

/** How the review stage disposed of a new candidate inside a flush. */
export type CandidateDisposition =
  | { status: "pending" }
  | ApprovedDisposition
  | { status: "rejected"; reviewer: string; reason: string };

/**
 * An approval writes `entry`, unless an active entry already says the same thing (see memory/duplicates.ts):
 * `near_duplicate_of` is the near duplicate the flush found by search, checked again when the commit is planned.
 */
export interface ApprovedDisposition {
  status: "approved";
  reviewer: string;
  entry: NewEntryVersion;
  near_duplicate_of: string | null;
}

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
