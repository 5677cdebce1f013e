// The package's one error class. Codes are stable; tool results branch on them, never on messages.
import { CodedError, describeErrorsOf } from "@powercontext/pi-kit";

export type StateErrorCode =
  /** patch_state arguments break the patch grammar; nothing was written. */
  | "invalid_patch"
  /** read_state arguments are invalid, or the offset precedes the retained origin. */
  | "invalid_read"
  | "pre_origin"
  /** A supplied scope changed since the captured basis (compare-and-swap failed); nothing was written. */
  | "state_conflict"
  /** The store lock could not be acquired in time. */
  | "store_busy"
  /** An owned path is a symlink or not a regular file/directory; it is never followed or overwritten. */
  | "unsafe_path"
  /** A stored file is not a valid state file. */
  | "corrupt_store"
  /** Writing failed; bytes this publication wrote were restored. */
  | "publication_failed"
  /** Git history is on and the transition's commit failed; the previous state was restored (nothing was written). */
  | "history_commit_failed"
  | "configuration_invalid"
  /** A fork point whose session state was folded out of the parent's tail into its checkpoint; cannot be rebuilt. */
  | "fork_point_folded"
  /** A read of a Git revision while the store runs file-only (Git backup off, or no git executable). */
  | "cold_history_unavailable"
  /** The revision is not a commit of the store's history (or no commit owns the view's newest transition). */
  | "unknown_revision";

/** `details` carry what the model may act on, such as the offset and the retained boundaries of a `pre_origin`. */
export class StateError extends CodedError<StateErrorCode> {}

/**
 * Describes an error for a diagnostic line: a StateError by its code and message, anything else by its class name
 * only (its message stays out of the log).
 */
export const describeStateError = describeErrorsOf(StateError, (error) => ({
  code: "unexpected",
  name: (error as Error | undefined)?.name,
}));
