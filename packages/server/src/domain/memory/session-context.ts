// Session context for recall: a chat turn that matches the prompt is worth more when other turns of its session match
// too. A question about an earlier session ("Who was reviewing the ledger service Postgres upgrade?") shares the
// session's topic with many of its turns and the detail with one; crediting each candidate with the scores of its
// session-mates lifts the right session's detail turn above the same detail in other sessions. The credit multiplies
// the entry's own score, so a turn that does not match on its own gains nothing and the best session's other turns
// do not flood the list. Sessions come from the capture's `metadata.session_id` (powercontext-pi sends it).
import type { EntryOrigin } from "../../store/types.ts";

export interface SessionCredit {
  /** Share of the session's other scores (relative to the best score) that multiplies an entry's own score. */
  share: number;
  /** The most the session's other scores count, in units of the best score. */
  cap: number;
}

/** The session of an entry: the one session all the Sources it cites were captured in, else null. */
export function sessionOf(origins: readonly EntryOrigin[] | undefined): string | null {
  const first = origins?.[0]?.session_id ?? null;
  if (first === null || origins === undefined) return null;
  return origins.every((origin) => origin.session_id === first) ? first : null;
}

/**
 * The credited scores of `scores` (same order): own × (1 + share × min(cap, sum of the other scores of its session /
 * best score)). Entries without a session keep their score.
 */
export function creditSessions(
  scores: readonly number[],
  sessions: ReadonlyArray<string | null>,
  { share, cap }: SessionCredit,
): number[] {
  let best = 0;
  for (const score of scores) best = Math.max(best, score);
  if (share <= 0 || best <= 0) return [...scores];
  const totals = new Map<string, number>();
  for (const [index, session] of sessions.entries()) {
    if (session === null) continue;
    totals.set(session, (totals.get(session) ?? 0) + (scores[index] ?? 0));
  }
  return scores.map((score, index) => {
    const session = sessions[index] ?? null;
    if (session === null) return score;
    const others = ((totals.get(session) ?? 0) - score) / best;
    return score * (1 + share * Math.min(cap, others));
  });
}
