// Completed-history compaction, pure: whether a settled run may end the model's view of the completed history before
// its final answer, and where. The boundary keeps the run's final accepted assistant entry and everything after it;
// Pi's session file keeps every entry. Each exclusion is a named reason, so a skipped boundary explains itself.
import { lastTransitionSeq, TRANSITION_ENTRY } from "../fork.ts";
import { FALLBACK_MESSAGE, RESPONSE_ENTRY } from "../hooks/resolve-turn.ts";
import { MODE_ENTRY, type Mode } from "../modes.ts";
import { isFoldNoOpCompaction, isOwnCompaction } from "./marker.ts";

/** The fields of a Pi session entry this module reads (entries are read structurally). */
export interface EntryLike {
  type: string;
  id: string;
  customType?: string;
  data?: unknown;
  content?: unknown;
  summary?: unknown;
  details?: unknown;
  message?: { role?: string; stopReason?: string; content?: unknown };
}

export type SkipReason =
  | "stopped"
  | "pending_input"
  | "aborted"
  | "no_answer"
  | "error"
  | "not_accepted"
  | "fallback"
  | "bootstrap"
  | "foreign_context"
  | "small"
  | "stale";

/** What a settled run lets the compaction keep: the final assistant entry, and the run it closed. */
export interface Selection {
  /** The final accepted assistant entry: the compaction's first kept entry. */
  keptEntryId: string;
  /** The seq of the newest accepted transition on the branch (0 when the run accepted only a final-only call). */
  seq: number;
  /** Estimated tokens of the completed prefix the boundary leaves out. */
  prefixTokens: number;
}

export type Choice = { kind: "compact"; selection: Selection } | { kind: "skip"; reason: SkipReason };

export interface RunFacts {
  mode: Mode;
  /** Input queued behind the run (steering or follow-up): the run is not really over. */
  pendingInput: boolean;
  aborted: boolean;
  minTokens: number;
}

const skip = (reason: SkipReason): Choice => ({ kind: "skip", reason });

/**
 * `branch` is the session's path (root → leaf); `context` is what the model currently sees of it (Pi's
 * `buildContextEntries()`: the newest compaction, its kept entries, everything after).
 */
export function selectCompaction(branch: readonly EntryLike[], context: readonly EntryLike[], facts: RunFacts): Choice {
  if (facts.mode !== "active") return skip("stopped");
  if (facts.pendingInput) return skip("pending_input");
  if (facts.aborted) return skip("aborted");
  const final = finalAssistant(branch);
  if (final === null) return skip("no_answer");
  const stop = final.entry.message?.stopReason;
  if (stop === "aborted") return skip("aborted");
  if (stop !== "stop") return skip("error");
  const runStart = branch.findLastIndex((entry) => entry.type === "message" && entry.message?.role === "user");
  const run = branch.slice(runStart + 1);
  if (run.some((entry) => isCustom(entry, MODE_ENTRY))) return skip("stopped");
  if (run.some((entry) => entry.type === "custom_message" && entry.customType === FALLBACK_MESSAGE))
    return skip("fallback");
  if (!run.some(isAcceptance)) return skip("not_accepted");
  const sinceActivation = branch.slice(branch.findLastIndex((entry) => isCustom(entry, MODE_ENTRY)) + 1, runStart);
  if (!sinceActivation.some(isAcceptance)) return skip("bootstrap");
  const keptAt = context.findIndex((entry) => entry.id === final.entry.id);
  if (keptAt < 0) return skip("stale");
  const prefix = context.slice(0, keptAt);
  if (prefix.some(isForeignContext)) return skip("foreign_context");
  const prefixTokens = estimateTokens(prefix);
  if (prefixTokens < facts.minTokens) return skip("small");
  return { kind: "compact", selection: { keptEntryId: final.entry.id, seq: lastTransitionSeq(branch), prefixTokens } };
}

/**
 * Whether a selection still holds for `branch`: its kept entry is on the branch and nothing the model would read
 * arrived after it. Pi's own bookkeeping (custom entries, labels, model changes) may follow.
 */
export function stillSelected(branch: readonly EntryLike[], selection: Selection): boolean {
  const at = branch.findIndex((entry) => entry.id === selection.keptEntryId);
  return at >= 0 && !branch.slice(at + 1).some(bearsContext);
}

/** The newest model-visible entry of the branch when it is an assistant message, i.e. the run's closing answer. */
function finalAssistant(branch: readonly EntryLike[]): { entry: EntryLike } | null {
  const last = branch.findLast(bearsContext);
  return last?.type === "message" && last.message?.role === "assistant" ? { entry: last } : null;
}

/** Entries that put something in front of the model (a context edit may rewrite or remove one that does). */
function bearsContext(entry: EntryLike): boolean {
  return ["message", "custom_message", "branch_summary", "compaction", "context_edit"].includes(entry.type);
}

/** A run is accepted into the state when it committed a transition or resolved its answer with `final: true`. */
function isAcceptance(entry: EntryLike): boolean {
  if (isCustom(entry, TRANSITION_ENTRY)) return true;
  return isCustom(entry, RESPONSE_ENTRY) && (entry.data as { status?: unknown } | undefined)?.status === "final";
}

/**
 * Context this package cannot vouch for, which the boundary would silently drop: another extension's custom
 * message, a branch summary, or a compaction summary that is neither ours nor a no-op.
 */
function isForeignContext(entry: EntryLike): boolean {
  if (entry.type === "custom_message") return entry.customType !== FALLBACK_MESSAGE;
  if (entry.type === "branch_summary") return true;
  if (entry.type === "compaction") return !isOwnCompaction(entry) && !isFoldNoOpCompaction(entry);
  return false;
}

function isCustom(entry: EntryLike, customType: string): boolean {
  return entry.type === "custom" && entry.customType === customType;
}

/** Pi's rough measure (about four characters a token) over what each entry shows the model. */
export function estimateTokens(entries: readonly EntryLike[]): number {
  let chars = 0;
  for (const entry of entries) {
    const shown = entry.message?.content ?? entry.content ?? entry.summary ?? "";
    chars += typeof shown === "string" ? shown.length : JSON.stringify(shown).length;
  }
  return Math.ceil(chars / 4);
}
