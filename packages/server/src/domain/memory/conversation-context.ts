// Conversation context: an entry captured a few turns before or after a strongly matching entry is often what the
// prompt asks about ("what did we decide about it?" answered two turns after the one that names "it"). Each recall
// candidate is credited with a share of the best score among the other candidates captured near it: within
// `window` journal positions of one of its Sources, and never across two different sessions (a Source's
// `metadata.session_id`), so interleaved sessions of one scope do not lend each other context. Pure: the origins come
// from the store (`readEntryOrigins`).
import type { EntryOrigin } from "../../store/types.ts";

export interface ContextOptions {
  /** The most journal positions between two Sources for their entries to be neighbours. */
  window: number;
  /** Share of the best neighbour's score an entry is credited with, in [0, 1]. */
  share: number;
}

interface Mark {
  id: string;
  position: number;
  session_id: string | null;
}

/**
 * For each id in `scores` that has a stronger neighbour among them, the most any neighbour lends it (`creditFrom`, from
 * the neighbours' own scores, not their credited ones); ids without an origin or a stronger neighbour are left out.
 */
export function conversationCredit(
  scores: ReadonlyMap<string, number>,
  origins: ReadonlyMap<string, readonly EntryOrigin[]>,
  { window, share }: ContextOptions,
): Map<string, number> {
  const marks: Mark[] = [];
  for (const [id, list] of origins) {
    if (!scores.has(id)) continue;
    for (const origin of list) marks.push({ id, ...origin });
  }
  marks.sort((a, b) => a.position - b.position);
  const best = new Map<string, number>();
  for (let i = 0; i < marks.length; i += 1) {
    const mark = marks[i] as Mark;
    // Marks are sorted by position, so the neighbours of mark i are the ones just after it within the window.
    for (let j = i + 1; j < marks.length; j += 1) {
      const other = marks[j] as Mark;
      if (other.position - mark.position > window) break;
      if (other.position === mark.position || differentSessions(mark, other)) continue;
      const markScore = scores.get(mark.id) ?? 0;
      const otherScore = scores.get(other.id) ?? 0;
      lend(best, mark.id, creditFrom(otherScore, markScore, share));
      lend(best, other.id, creditFrom(markScore, otherScore, share));
    }
  }
  return best;
}

/**
 * `share` of the lender's score, but never so much that the borrower passes the lender: context makes a turn as
 * relevant as the one it follows at most (without this cap, the neighbours of a right answer pushed it down on the
 * fact sets, docs/benchmarks.md).
 */
function creditFrom(lender: number, borrower: number, share: number): number {
  return Math.max(0, Math.min(share * lender, lender - borrower));
}

function differentSessions(a: Mark, b: Mark): boolean {
  return a.session_id !== null && b.session_id !== null && a.session_id !== b.session_id;
}

function lend(best: Map<string, number>, id: string, score: number): void {
  if (score > (best.get(id) ?? 0)) best.set(id, score);
}
