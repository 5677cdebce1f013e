// The turns of the best sessions, read again for the detail a question asks about. A question about an earlier chat
// ("What was the deadline for the recommendation engine memory leak?") names the session's topic with words most of
// that session's turns share, and the detail with a word or two only the answering turn holds, or none at all ("I
// have until end of Q2 for all of this."). Session context (session-context.ts) finds the session; inside it, the
// answering turn often shares too little with the prompt to be a candidate. So recall reads the turns around the best
// candidate of each of the best few sessions and scores each by the prompt's terms weighted within its session: a
// term most of the session's turns hold (its topic) counts little, a rarer one fully, and a turn holding the kind of
// value the question asks for (search/answer-shapes.ts) gains a little more; a turn holding neither a rarer term nor
// such a value is like every other turn of its session and is not lifted, and a session in which no prompt term is a
// topic (facts captured one after another in one long chat) is not what the prompt is about and is left as it is. A
// turn is then worth its session's best candidate × `weight` × the share of the prompt the session holds × that
// score, so inside the best sessions the turns are ordered by what tells them apart, the best sessions' answering
// turns come before other sessions' look-alikes, and a session that holds little of the prompt (found by meaning
// alone) reorders little. In a chat the answer to a follow-up question is the next turn ("What kind of dog?" → "A
// beagle mix."), and it rarely repeats the question's words: a turn right after a question earns a share of the
// score of that question and of the turn it follows up on.
import { holdsWantedShape, type WantedShapes } from "../../search/answer-shapes.ts";
import { passageCoverage, sentenceTerms } from "../../search/passage.ts";
import type { MemorySearchHit, Store } from "../../store/types.ts";
import { UNNAMED_SESSION } from "../../store/types/search.ts";
import type { SessionPlace, Stream } from "./session-context.ts";

/** A term held by more than this share of a session's turns read is the session's topic, not its detail. */
const TOPIC_SHARE = 0.25;
/** What a topic term still counts, relative to its rarity in the scope. */
const TOPIC_WEIGHT = 0.1;
/** Added to a turn's score when it holds a value of a shape the question asks for. */
const SHAPE_BONUS = 0.3;

/** A recall candidate with its total and where it was said (session-context.ts). */
export interface SessionCandidate {
  total: number;
  place: SessionPlace;
}

/**
 * One of the best sessions: a named session, or a stretch of a stream (`stream`; its `session_id` is then the
 * store's UNNAMED_SESSION), with the position of its best candidate (where to read around) and that candidate's total.
 */
export interface BestSession {
  session_id: string;
  stream: Stream | null;
  position: number;
  best: number;
}

/**
 * The `count` sessions whose candidates' totals sum highest, best first. In a stream, each candidate stands for the
 * stretch of the stream around it (one a position).
 */
export function bestSessions(candidates: readonly SessionCandidate[], count: number): BestSession[] {
  const found = new Map<string, BestSession & { sum: number }>();
  const batches = new Set<string>();
  for (const { total, place } of candidates) {
    const { session, stream, position } = place;
    if (position === null || (session === null && stream === null)) continue;
    const key = stream === null ? `session ${session}` : `${stream} ${position}`;
    const known = found.get(key);
    if (known === undefined)
      found.set(key, { session_id: session ?? UNNAMED_SESSION, stream, position, best: total, sum: total });
    else {
      known.sum += total;
      if (total > known.best) Object.assign(known, { position, best: total });
      // memory/remember writes one entry a revision: a revision that wrote two is a batch (an import), not a chat.
      if (stream === "written") batches.add(key);
    }
  }
  for (const key of batches) found.delete(key);
  return [...found.values()]
    .sort((a, b) => b.sum - a.sum)
    .slice(0, Math.max(0, count))
    .map(({ sum: _, ...session }) => session);
}

/**
 * The prompt's terms inside one session, from the prompt terms each of its turns holds (`heldTerms`):
 * - `weights`: each term's weight in the scope (`rarity`), cut to a tenth for the session's topic terms, those more
 *   than a quarter of the session's turns hold;
 * - `coverage`: the share of the prompt's weight that the turns hold between them. A session found by the question's
 *   own words holds most of it; one found by meaning alone, or by a word or two in passing, little, and its turns'
 *   word matches say little about which one answers (a reworded question shares no word with its answer).
 */
export function sessionTermWeights(
  rarity: ReadonlyMap<string, number>,
  turns: ReadonlyArray<ReadonlySet<string>>,
): { weights: Map<string, number>; topics: Set<string>; coverage: number } {
  const held = new Map<string, number>();
  for (const terms of turns) for (const term of terms) held.set(term, (held.get(term) ?? 0) + 1);
  const weights = new Map<string, number>();
  const topics = new Set<string>();
  let total = 0;
  let covered = 0;
  for (const [term, weight] of rarity) {
    const count = held.get(term) ?? 0;
    const topic = count > TOPIC_SHARE * turns.length;
    if (topic) topics.add(term);
    weights.set(term, topic ? weight * TOPIC_WEIGHT : weight);
    total += weight;
    if (count > 0) covered += weight;
  }
  return { weights, topics, coverage: total > 0 ? covered / total : 0 };
}

/** The prompt terms (keys of `rarity`) a turn holds, read from its stored analyzer terms. */
export function heldTerms(searchText: string, rarity: ReadonlyMap<string, unknown>): Set<string> {
  return new Set(searchText.split(" ").filter((term) => rarity.has(term)));
}

const NOT_LIFTED = { score: 0, lexical: false };

/** The most turns read in all, per journal position read on each side of a best candidate (256 for the radius of 32). */
const READ_PER_RADIUS = 8;

/** A recall candidate as session turns see it. */
export interface TurnCandidate extends SessionCandidate {
  entry_version_id: string;
  hit: MemorySearchHit | undefined;
}

/** A turn of a best session with its score as such (its session's best total × weight × its score in the session). */
export interface SessionTurn {
  entry_version_id: string;
  hit: MemorySearchHit;
  total: number;
  /** Whether the turn holds one of the prompt's terms (else only a wanted shape scored it). */
  lexical: boolean;
}

/**
 * The turns around the best candidate of each of the `sessions` best sessions, each with its score as a session
 * turn: one read of the neighbours and one of the hits not among `candidates` yet.
 */
export async function readSessionTurns(
  store: Pick<Store, "readSessionNeighbours" | "readWrittenNeighbours" | "readSearchHits">,
  scopeId: string,
  candidates: readonly TurnCandidate[],
  prompt: { rarity: ReadonlyMap<string, number>; shapes: WantedShapes },
  {
    sessions,
    weight,
    radius,
    streamRadius,
    replyShare,
    streamReplyShare,
  }: {
    sessions: number;
    weight: number;
    radius: number;
    streamRadius: number;
    replyShare: number;
    streamReplyShare: number;
  },
): Promise<SessionTurn[]> {
  const best = bestSessions(candidates, sessions);
  if (best.length === 0 || weight <= 0 || prompt.rarity.size === 0) return [];
  const neighbours = await readNeighbours(store, scopeId, best, { radius, streamRadius });
  const known = new Map<string, MemorySearchHit>();
  for (const candidate of candidates)
    if (candidate.hit !== undefined) known.set(candidate.entry_version_id, candidate.hit);
  const unread = neighbours.map((n) => n.entry_version_id).filter((id) => !known.has(id));
  if (unread.length > 0)
    for (const hit of (await store.readSearchHits(scopeId, unread)).hits)
      known.set(hit.entry.citation.entry_version_id, hit);
  const bySession = new Map<BestSession, Array<{ hit: MemorySearchHit; position: number }>>();
  for (const { entry_version_id, session, position } of neighbours) {
    const hit = known.get(entry_version_id);
    if (hit === undefined) continue;
    const read = bySession.get(session);
    if (read === undefined) bySession.set(session, [{ hit, position }]);
    else read.push({ hit, position });
  }
  const totals = new Map(candidates.map((candidate) => [candidate.entry_version_id, candidate.total]));
  const turns: SessionTurn[] = [];
  for (const [session, read] of bySession) {
    const hits = read.sort((a, b) => a.position - b.position).map(({ hit }) => hit);
    if (session.stream !== null) {
      turns.push(...streamReplies(hits, totals, streamReplyShare));
      continue;
    }
    // The stored analyzer terms tell what each turn holds; only a turn that may be lifted is read by sentence.
    const held = hits.map((hit) => heldTerms(hit.search_text, prompt.rarity));
    const { weights, topics, coverage } = sessionTermWeights(prompt.rarity, held);
    // A session none of whose prompt terms is a topic (held by many of its turns) is not what the prompt is about.
    if (topics.size === 0) continue;
    const worth = session.best * weight * coverage;
    const scores = hits.map((hit, index) => turnScore(hit, held[index] ?? new Set(), topics, weights, prompt));
    for (const [index, hit] of hits.entries()) {
      const own = scores[index] ?? NOT_LIFTED;
      const reply = replyShare * replyTo(hits, scores, index);
      const score = Math.max(own.score, reply);
      if (score <= 0) continue;
      turns.push({
        entry_version_id: hit.entry.citation.entry_version_id,
        hit,
        total: worth * score,
        lexical: own.lexical,
      });
    }
  }
  return turns;
}

/**
 * The replies in a stretch of a stream (`hits` in the order they were said): a stream may as well hold notes about
 * anything said one after another, so no turn is lifted for what it holds, but a question and its answer are said one
 * after the other. A turn right after a question earns `share` of the recall total (`totals`, the candidates') of that
 * question or of the turn it follows up on, whichever is higher: below the question it answers, never above it.
 */
function streamReplies(
  hits: readonly MemorySearchHit[],
  totals: ReadonlyMap<string, number>,
  share: number,
): SessionTurn[] {
  const scores = hits.map((hit) => ({ score: totals.get(hit.entry.citation.entry_version_id) ?? 0 }));
  const out: SessionTurn[] = [];
  for (const [index, hit] of hits.entries()) {
    const total = share * replyTo(hits, scores, index);
    if (total > 0) out.push({ entry_version_id: hit.entry.citation.entry_version_id, hit, total, lexical: false });
  }
  return out;
}

/** A turn read around one of the best sessions, with its position in that session or stream. */
interface Neighbour {
  entry_version_id: string;
  session: BestSession;
  position: number;
}

/**
 * The turns within `radius` of each best named session's anchor and within `streamRadius` of each best stretch of a
 * stream: one read for the named sessions and one for the stream of captures (both from entry_origin), and one for the
 * stream of written entries, each only when one of the best is there. Each turn is given to its named session, or in
 * a stream to the stretch whose anchor is nearest. A stream is read more narrowly: only replies are lifted there.
 */
async function readNeighbours(
  store: Pick<Store, "readSessionNeighbours" | "readWrittenNeighbours">,
  scopeId: string,
  best: readonly BestSession[],
  { radius, streamRadius }: { radius: number; streamRadius: number },
): Promise<Neighbour[]> {
  const out: Neighbour[] = [];
  for (const [sessions, around] of [
    [best.filter((session) => session.stream === null), radius],
    [best.filter((session) => session.stream === "captured"), streamRadius],
  ] as const) {
    if (sessions.length === 0) continue;
    const anchors = sessions.map(({ session_id, position }) => ({ session_id, position }));
    const read = await store.readSessionNeighbours(scopeId, anchors, around, READ_PER_RADIUS * around);
    for (const { entry_version_id, session_id, position } of read) {
      const session =
        session_id === UNNAMED_SESSION
          ? nearest(sessions, "captured", position)
          : sessions.find((anchor) => anchor.session_id === session_id);
      if (session !== undefined) out.push({ entry_version_id, session, position });
    }
  }
  const written = best.filter((session) => session.stream === "written");
  if (written.length > 0) {
    const revisions = written.map((session) => session.position);
    const read = await store.readWrittenNeighbours(scopeId, revisions, streamRadius, READ_PER_RADIUS * streamRadius);
    const stretches = new Map<BestSession, Neighbour[]>();
    for (const { entry_version_id, revision } of read) {
      const session = nearest(written, "written", revision);
      if (session === undefined) continue;
      const turns = stretches.get(session) ?? [];
      turns.push({ entry_version_id, session, position: revision });
      stretches.set(session, turns);
    }
    // A stretch in which one revision wrote two entries holds a batch (an import), not turns written one by one.
    for (const turns of stretches.values())
      if (new Set(turns.map((turn) => turn.position)).size === turns.length) out.push(...turns);
  }
  return out;
}

/** The stretch of `stream` among `best` whose anchor is nearest `position`. */
function nearest(best: readonly BestSession[], stream: Stream, position: number): BestSession | undefined {
  let found: BestSession | undefined;
  for (const anchor of best) {
    if (anchor.stream !== stream) continue;
    if (found === undefined || Math.abs(anchor.position - position) < Math.abs(found.position - position))
      found = anchor;
  }
  return found;
}

/**
 * A turn's score inside its session: how much of the prompt's weight within the session (`weights`) its best passage
 * holds, plus a bonus when it holds a value of a shape the question asks for. A turn holding only the session's topic
 * terms is like every other turn of it: nothing lifts it.
 */
function turnScore(
  hit: MemorySearchHit,
  held: ReadonlySet<string>,
  topics: ReadonlySet<string>,
  weights: ReadonlyMap<string, number>,
  prompt: { rarity: ReadonlyMap<string, number>; shapes: WantedShapes },
): { score: number; lexical: boolean } {
  const shaped = holdsWantedShape(hit.entry.text, prompt.shapes);
  const apart = [...held].some((term) => !topics.has(term));
  if (!shaped && !apart) return { score: 0, lexical: false };
  const covered = apart ? passageCoverage(sentenceTerms(hit.entry.text, prompt.rarity), weights) : 0;
  return { score: covered + (shaped ? SHAPE_BONUS : 0), lexical: covered > 0 };
}

/**
 * The score a turn earns as the reply to a question: when the turn before it asks something ("What kind of dog?"),
 * the best score of that question and of the turn it follows up on (the thread "we adopted a puppy" → "what kind?"
 * → "a beagle mix"), since the answer is said right after it, often in words the prompt does not use. 0 otherwise.
 */
function replyTo(hits: readonly MemorySearchHit[], scores: ReadonlyArray<{ score: number }>, index: number): number {
  const asked = hits[index - 1];
  if (asked === undefined || !asked.entry.text.includes("?")) return 0;
  return Math.max(scores[index - 1]?.score ?? 0, scores[index - 2]?.score ?? 0);
}
