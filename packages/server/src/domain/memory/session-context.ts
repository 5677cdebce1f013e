// Session context for recall: a chat turn that matches the prompt is worth more when other turns of its session match
// too. A question about an earlier session ("Who was reviewing the ledger service Postgres upgrade?") shares the
// session's topic with many of its turns and the detail with one; crediting each candidate with the scores of its
// session-mates lifts the right session's detail turn above the same detail in other sessions. The credit multiplies
// the entry's own score, so a turn that does not match on its own gains nothing and the best session's other turns
// do not flood the list. Sessions come from the capture's `metadata.session_id` (powercontext-pi sends it).
import type { EntryOrigin, MemorySearchHit } from "../../store/types.ts";

export interface SessionCredit {
  /** Share of the session's other scores (relative to the best score) that multiplies an entry's own score. */
  share: number;
  /** The most the session's other scores count, in units of the best score. */
  cap: number;
}

/**
 * A stream of turns said one after another without a named session: Sources captured without naming one, in journal
 * order (`captured`), or entries written with memory/remember, citing no Source, in the order of the revisions that
 * wrote them (`written`).
 */
export type Stream = "captured" | "written";

/**
 * Where a recall candidate was said: the one named session all the Sources it cites were captured in, or a stream at
 * the journal position of the first Source it cites (or the revision that wrote it); nowhere (null everywhere) for
 * an entry citing Sources of several sessions. Only a named session credits its candidates: a stream may as well be
 * notes about anything, said one after another. But a client that stores chat turns without naming sessions still
 * stores them in order, so session-turns.ts reads a stream around its best candidates for the replies to a question.
 */
export interface SessionPlace {
  session: string | null;
  stream: Stream | null;
  position: number | null;
}

/** The place of an entry citing Sources of several sessions, or not read. */
export const NOWHERE: SessionPlace = { session: null, stream: null, position: null };

/** An origin's named session: its session_id, unless that is missing or empty (which names no session). */
function namedSession(origin: EntryOrigin): string | null {
  return origin.session_id === null || origin.session_id === "" ? null : origin.session_id;
}

/**
 * The place of an entry from its search hit (what it cites, the revision that wrote it) and the origins of the
 * Sources it cites (in journal order).
 */
export function placeOf(
  hit: { entry: Pick<MemorySearchHit["entry"], "source_refs">; written_revision: number } | undefined,
  origins: readonly EntryOrigin[] | undefined,
): SessionPlace {
  if (hit !== undefined && hit.entry.source_refs.length === 0)
    return { session: null, stream: "written", position: hit.written_revision };
  const first = origins?.[0];
  if (first === undefined || origins === undefined) return NOWHERE;
  const session = namedSession(first);
  if (!origins.every((origin) => namedSession(origin) === session)) return NOWHERE;
  return { session, stream: session === null ? "captured" : null, position: first.position };
}

/**
 * For each place, the sum of `values` over its session-mates (the candidates of its named session), itself left out;
 * none for a place outside a named session.
 */
export function sumOverMates(values: readonly number[], places: readonly SessionPlace[]): number[] {
  const totals = new Map<string, number>();
  for (const [index, { session }] of places.entries())
    if (session !== null) totals.set(session, (totals.get(session) ?? 0) + (values[index] ?? 0));
  return places.map(({ session }, index) => (session === null ? 0 : (totals.get(session) ?? 0) - (values[index] ?? 0)));
}

/**
 * The credited scores of `scores` (same order): own × (1 + share × min(cap, sum of its session-mates' scores / best
 * score)). Entries outside a named session keep their score.
 */
export function creditSessions(
  scores: readonly number[],
  places: readonly SessionPlace[],
  { share, cap }: SessionCredit,
): number[] {
  let best = 0;
  for (const score of scores) best = Math.max(best, score);
  if (share <= 0 || best <= 0) return [...scores];
  const mates = sumOverMates(scores, places);
  return scores.map((score, index) => score * (1 + share * Math.min(cap, (mates[index] ?? 0) / best)));
}
