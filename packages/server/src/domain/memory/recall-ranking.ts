// The ranking every recall uses (memory search in `auto` mode and context/prepare). The lexical score (BM25 over our
// analyzer, nudged by kind, recency and pasted material, blended with how well the entry's best passage covers the
// prompt's rarer terms; in [0, 1]) plus two bonuses from the built-in semantic layer (search/semantic/): one for
// naming the prompt's lexicon concepts, weighted by their rarity ("package manager" and "pnpm"), and a smaller one for
// meaning, how far the mean-direction and word-coverage score lies above `minSemantic`. Candidates are the lexical
// hits, the entries nearest the prompt by mean direction and those that best name its concepts, so an entry that
// shares no word with the prompt can be recalled. Adding scores beat reciprocal-rank fusion on every figure of the
// quality benchmark (docs/benchmarks.md): ranks throw away how sure the lexical match is. When a question names a
// subject ("What pet did Lena get?"), the candidates that hold the name neither themselves nor through a chat session
// keep a quarter of their concept bonus (named-subject.ts).
import type { ArtifactReference } from "@powercontext/protocol";
import type { EndpointIndex } from "../../search/embeddings/endpoint-index.ts";
import {
  namedTerms,
  NO_SHAPES,
  preferWantedShapes,
  SHAPE_POOL,
  type WantedShapes,
  wantedShapes,
} from "../../search/answer-shapes.ts";
import { expandedNeighbour } from "../../search/abbreviations.ts";
import { bestPassageCoverage, rarityWeights } from "../../search/passage.ts";
import { countMatches, rankHits, type RankedHit } from "../../search/rank.ts";
import { type SemanticMix, SemanticScorer } from "../../search/semantic/semantic-score.ts";
import type { VectorIndex, VectorNeighbour } from "../../search/semantic/vector-index.ts";
import type { QueryProfile } from "../../search/semantic/word-vector-model.ts";
import type { EntryOrigin, MemorySearchHit, Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import { promptTerms } from "./prompt-terms.ts";
import { gateBySubject, namedSubject } from "./named-subject.ts";
import { creditSessions, NOWHERE, placeOf, type SessionPlace } from "./session-context.ts";
import { readSessionTurns } from "./session-turns.ts";

/** Hits fetched from the lexical index per requested hit, so that admission and re-ranking have room to work. */
const OVERFETCH = 4;

/** The fusion's settings; the defaults were chosen on the quality benchmarks (docs/benchmarks.md). */
export interface RecallTuning extends SemanticMix {
  /** Entries nearest the prompt by mean direction that are scored besides the lexical hits. */
  semanticCandidates: number;
  /** Entries that best name the prompt's lexicon concepts, scored besides those. */
  conceptCandidates: number;
  /** The most that meaning (mean direction and word coverage) can add to an entry's lexical score (at most 1). */
  semanticWeight: number;
  /** A meaning score at or below this is no evidence and adds nothing. */
  minSemantic: number;
  /** The most that naming the prompt's lexicon concepts can add (all of them, weighted by rarity). */
  conceptWeight: number;
  /**
   * Share of its concept bonus a candidate keeps when a question names a subject the scope knows ("Lena") and neither
   * it nor a candidate of its session holds the name (named-subject.ts); 1 is off.
   */
  subjectConceptShare: number;
  /** Share of a lexical score that comes from the entry's best passage (search/passage.ts) rather than BM25. */
  passageWeight: number;
  /** The fewest lexical hits fetched, however few are asked for. */
  lexicalCandidates: number;
  /** Session context (session-context.ts): share of the session-mates' scores that multiplies an entry's own; 0 is off. */
  sessionShare: number;
  /** The most the session-mates' scores count, in units of the best candidate's score. */
  sessionCap: number;
  /** Added to the score of an entry holding the kind of value a question asks for (search/answer-shapes.ts); 0 is off. */
  shapeWeight: number;
  /** Sessions whose turns are read again for the detail a question asks about (session-turns.ts); 0 is off. */
  sessionTurns: number;
  /** A session turn's worth, in units of its session's best candidate, when the session holds every prompt term and the turn covers them all. */
  sessionTurnWeight: number;
  /** Journal positions read on each side of each best session's best candidate for its turns. */
  sessionTurnRadius: number;
  /**
   * Positions (or revisions) read on each side of each best stretch of a stream of turns said without a named session
   * (session-context.ts), where only replies to a question are lifted.
   */
  streamTurnRadius: number;
  /** Share of the score of a question turn (and the turn it follows up on) that the turn answering it earns; 0 is off. */
  replyShare: number;
  /**
   * In a stream of turns said without a named session, the share of the recall total of a question (or of the turn it
   * follows up on) that the turn right after it earns (session-turns.ts); 0 is off.
   */
  streamReplyShare: number;
  /** The most run-together short names of the prompt's word pairs ("taxcalc") matched too (search/abbreviations.ts); 0 is off. */
  abbreviations: number;
}

export const DEFAULT_TUNING: RecallTuning = {
  semanticCandidates: 50,
  conceptCandidates: 50,
  semanticWeight: 0.25,
  minSemantic: 0.5,
  conceptWeight: 1.25,
  subjectConceptShare: 0.25,
  passageWeight: 0.5,
  lexicalCandidates: 32,
  sessionShare: 0.25,
  sessionCap: 2,
  shapeWeight: 0.15,
  sessionTurns: 5,
  sessionTurnWeight: 8,
  sessionTurnRadius: 32,
  streamTurnRadius: 16,
  replyShare: 0.5,
  streamReplyShare: 0.8,
  abbreviations: 4,
  mean: 0.5,
  words: 0.5,
  wordFloor: 0.3,
};

export type Channel = "fts" | "vector";

export interface RecallHit extends RankedHit {
  matched_by: Channel[];
}

export interface RecallRanking {
  memory: ArtifactReference | null;
  ranked: RecallHit[];
  /** Whether the semantic ranking took part (false without the built-in layer, or when the prompt has no known word). */
  semantic: boolean;
  /** The prompt's lexical terms (analyzer output), for packing. */
  terms: string[];
}

export interface RecallDeps {
  store: Store;
  /** The built-in semantic layer, or null to rank lexically only. */
  semantic: VectorIndex | null;
  /**
   * A configured embeddings endpoint's index: when it can serve the recall, its mean directions replace the built-in
   * ones (words and concepts are still the built-in layer's); otherwise, and without it, the built-in layer answers.
   */
  endpoint?: Pick<EndpointIndex, "forRecall"> | null;
  tuning?: RecallTuning;
}

interface Candidate {
  entry_version_id: string;
  hit: MemorySearchHit | undefined;
  lexical: number;
  bonus: number;
  matched_terms: number;
  /** The concept part of `bonus`. */
  concept: number;
  /** Whether the entry holds the subject the question names (named-subject.ts). */
  holds: boolean;
}

/** A candidate with its total and its session; a turn read for its session alone says whether it holds a prompt term. */
interface ScoredCandidate extends Candidate {
  total: number;
  place: SessionPlace;
  lexical_turn?: boolean;
}

/** The best `limit` hits for `query`, best first, with scores in [0, 1]. */
export async function rankRecall(
  deps: RecallDeps,
  scopeId: string,
  query: string,
  limit: number,
): Promise<RecallRanking> {
  const tuning = deps.tuning ?? DEFAULT_TUNING;
  const { terms, focus, text, frequencies, expansions } = await promptTerms(deps, scopeId, query, tuning);
  const lexical = await deps.store.searchMemory({
    scope_id: scopeId,
    terms,
    limit: Math.max(tuning.lexicalCandidates, limit * OVERFETCH),
  });
  const rarity = rarityWeights(
    terms,
    frequencies ?? (await deps.store.termFrequencies(scopeId, terms)),
    namedTerms(text),
  );
  const ranked = withPassages(
    rankHits(lexical.hits, terms, lexical.memory?.revision ?? 0, { focus }),
    rarity,
    tuning.passageWeight,
  );
  const candidates = await semanticCandidates(deps, scopeId, scrubText(text), ranked, tuning, {
    revision: lexical.memory?.revision,
    expansions,
  });
  const asked = wantedShapes(text);
  const shapes = tuning.shapeWeight > 0 ? asked : NO_SHAPES;
  const pool = shapes.values.length > 0 ? Math.max(limit, SHAPE_POOL) : limit;
  const reorder = (hits: RecallHit[]) => preferWantedShapes(hits, shapes, tuning.shapeWeight).slice(0, limit);
  if (candidates === null) {
    if (lexical.memory === null) return { memory: null, ranked: [], semantic: false, terms };
    const hits = ranked.slice(0, pool).map((item): RecallHit => ({ ...item, matched_by: ["fts"] }));
    return { memory: lexical.memory, ranked: reorder(hits), semantic: false, terms };
  }
  const scored = await withSessionContext(deps.store, scopeId, candidates, tuning);
  const turnPrompt = { rarity, shapes: asked };
  const best = (await withSessionTurns(deps.store, scopeId, scored, turnPrompt, tuning)).slice(0, pool);
  const missing = best.filter((item) => item.hit === undefined).map((item) => item.entry_version_id);
  const extra = missing.length > 0 ? await deps.store.readSearchHits(scopeId, missing) : { memory: null, hits: [] };
  const byVersion = new Map(extra.hits.map((hit) => [hit.entry.citation.entry_version_id, hit]));
  const memory = lexical.memory ?? extra.memory;
  if (memory === null) return { memory: null, ranked: [], semantic: true, terms };
  // Session turns can outscore every candidate (session-turns.ts); the scale then follows the best total, so scores
  // stay in [0, 1] and in order.
  const scale = Math.max(1 + tuning.semanticWeight + tuning.conceptWeight, best[0]?.total ?? 0);
  const out: RecallHit[] = [];
  for (const item of best) {
    const hit = item.hit ?? byVersion.get(item.entry_version_id);
    if (hit === undefined) continue;
    out.push({
      hit: { ...hit, entry: { ...hit.entry, citation: { ...hit.entry.citation, memory_ref: memory } } },
      score: Math.min(1, item.total / scale),
      matched_terms: item.matched_terms,
      matched_by: [
        ...(item.lexical > 0 || item.lexical_turn === true ? ["fts" as const] : []),
        ...(item.bonus > 0 ? ["vector" as const] : []),
      ],
    });
  }
  return { memory, ranked: reorder(out), semantic: true, terms };
}

/**
 * The candidates that match at all, each with its total (lexical plus bonus, credited by its session-mates when
 * session context is on) and its session and position (one read of the candidates' origins), best first.
 */
async function withSessionContext(
  store: Store,
  scopeId: string,
  candidates: readonly Candidate[],
  tuning: RecallTuning,
): Promise<ScoredCandidate[]> {
  const matching = candidates.filter((candidate) => candidate.lexical > 0 || candidate.bonus > 0);
  let totals = matching.map((candidate) => candidate.lexical + candidate.bonus);
  const reads = (tuning.sessionShare > 0 || tuning.sessionTurns > 0) && matching.length > 0;
  const origins = reads
    ? await store.readEntryOrigins(
        scopeId,
        matching.map((candidate) => candidate.entry_version_id),
      )
    : new Map<string, EntryOrigin[]>();
  const places = matching.map((candidate) => placeOf(candidate.hit, origins.get(candidate.entry_version_id)));
  totals = gateBySubject(
    matching.map((candidate, index) => ({
      total: totals[index] ?? 0,
      concept: candidate.concept,
      holds: candidate.holds,
      place: places[index] ?? NOWHERE,
    })),
    tuning.subjectConceptShare,
  );
  if (tuning.sessionShare > 0 && matching.length > 1)
    totals = creditSessions(totals, places, { share: tuning.sessionShare, cap: tuning.sessionCap });
  return matching
    .map((candidate, index) => ({ ...candidate, total: totals[index] ?? 0, place: places[index] ?? NOWHERE }))
    .sort((a, b) => b.total - a.total);
}

/**
 * `scored` with the turns of its best sessions read again (session-turns.ts): a turn already a candidate keeps the
 * higher of its two totals, a new one joins; best first. Unchanged when the tuning turns it off.
 */
async function withSessionTurns(
  store: Store,
  scopeId: string,
  scored: readonly ScoredCandidate[],
  prompt: { rarity: ReadonlyMap<string, number>; shapes: WantedShapes },
  tuning: RecallTuning,
): Promise<ScoredCandidate[]> {
  const turns = await readSessionTurns(store, scopeId, scored, prompt, {
    sessions: tuning.sessionTurns,
    weight: tuning.sessionTurnWeight,
    radius: tuning.sessionTurnRadius,
    streamRadius: tuning.streamTurnRadius,
    replyShare: tuning.replyShare,
    streamReplyShare: tuning.streamReplyShare,
  });
  if (turns.length === 0) return [...scored];
  const byVersion = new Map(scored.map((candidate) => [candidate.entry_version_id, { ...candidate }]));
  for (const turn of turns) {
    const known = byVersion.get(turn.entry_version_id);
    if (known !== undefined) {
      known.total = Math.max(known.total, turn.total);
      continue;
    }
    byVersion.set(turn.entry_version_id, {
      entry_version_id: turn.entry_version_id,
      hit: turn.hit,
      lexical: 0,
      bonus: 0,
      matched_terms: 0,
      concept: 0,
      holds: false,
      total: turn.total,
      place: NOWHERE,
      lexical_turn: turn.lexical,
    });
  }
  return [...byVersion.values()].sort((a, b) => b.total - a.total);
}

/** Blends each hit's lexical score with its best passage's coverage of the prompt's terms (`weights`), and reorders. */
function withPassages(ranked: RankedHit[], weights: ReadonlyMap<string, number>, weight: number): RankedHit[] {
  if (weight === 0 || ranked.length === 0) return ranked;
  return ranked
    .map((item) => ({
      ...item,
      score: (1 - weight) * item.score + weight * bestPassageCoverage(item.hit.entry.text, weights),
    }))
    .sort((a, b) => b.score - a.score);
}

/**
 * The lexical hits and the prompt's nearest entries, each with its semantic bonus; null when the layer is off or the
 * prompt holds no word the model knows. `revision`: the Memory head revision the lexical search read.
 */
async function semanticCandidates(
  deps: RecallDeps,
  scopeId: string,
  text: string,
  ranked: readonly RankedHit[],
  tuning: RecallTuning,
  read: { revision: number | undefined; expansions: ReadonlyMap<string, string> },
): Promise<Candidate[] | null> {
  const builtin = deps.semantic;
  const builtinProfile = builtin?.model.profile(text) ?? null;
  if (builtin === null || builtinProfile === null) return null;
  const { index, profile } = await chooseLayer(deps, scopeId, text, builtin, builtinProfile);
  const limits = { byMean: tuning.semanticCandidates, byConcepts: tuning.conceptCandidates };
  const related = await index.related(scopeId, profile, limits, read.revision);
  if (related === null) return null;
  const { neighbours, conceptWeights } = related;
  const scorer = new SemanticScorer(index.model, profile, tuning, conceptWeights);
  const bonusOf = (neighbour: VectorNeighbour | undefined) => {
    if (neighbour === undefined) return { bonus: 0, concept: 0 };
    const { meaning, concepts } = scorer.score(neighbour.terms, neighbour.similarity);
    const floor = tuning.minSemantic;
    const fromMeaning = meaning > floor ? (tuning.semanticWeight * (meaning - floor)) / (1 - floor) : 0;
    return { bonus: fromMeaning + tuning.conceptWeight * concepts, concept: tuning.conceptWeight * concepts };
  };
  // The subject a question names, as analyzer terms (for lexical hits) and as the model's words (for the others).
  const subject = new Set(namedSubject(text));
  const subjectWords = new Set(subject.size > 0 ? (index.model.signature([...subject].join(" "))?.words ?? []) : []);
  const hitHolds = (hit: MemorySearchHit) => countMatches(hit.search_text, subject) > 0;
  const neighbourHolds = (neighbour: VectorNeighbour) => neighbour.terms.words.some((row) => subjectWords.has(row));
  const lexicalIds = ranked.map((item) => item.hit.entry.citation.entry_version_id);
  const known = index.lookup(scopeId, lexicalIds, profile.mean);
  const candidates = new Map<string, Candidate>();
  for (const item of ranked) {
    const id = item.hit.entry.citation.entry_version_id;
    candidates.set(id, {
      entry_version_id: id,
      hit: item.hit,
      lexical: item.score,
      ...bonusOf(expandedNeighbour(index.model, known.get(id), item.hit.entry.text, read.expansions)),
      holds: hitHolds(item.hit),
      matched_terms: item.matched_terms,
    });
  }
  for (const neighbour of neighbours) {
    const id = neighbour.entry_version_id;
    if (candidates.has(id)) continue;
    candidates.set(id, {
      entry_version_id: id,
      hit: undefined,
      lexical: 0,
      ...bonusOf(neighbour),
      holds: neighbourHolds(neighbour),
      matched_terms: 0,
    });
  }
  return [...candidates.values()];
}

/** The endpoint's index and the prompt's mean direction from the endpoint when it can serve this recall; else the built-in's. */
async function chooseLayer(
  deps: RecallDeps,
  scopeId: string,
  text: string,
  builtin: VectorIndex,
  profile: QueryProfile,
): Promise<{ index: VectorIndex; profile: QueryProfile }> {
  const endpoint = (await deps.endpoint?.forRecall(scopeId, text)) ?? null;
  return endpoint === null
    ? { index: builtin, profile }
    : { index: endpoint.index, profile: { ...profile, mean: endpoint.mean } };
}
