// Final ordering of lexical hits: relevance first, nudged by the entry's kind and by how recently it was written.
import type { MemorySearchHit } from "../store/types.ts";
import { isPastedLine, splitPrompt } from "./prompt-parts.ts";

const KIND_WEIGHTS: Readonly<Record<string, number>> = {
  constraint: 1.15,
  decision: 1.1,
  convention: 1.1,
  command: 1.05,
  preference: 1.0,
  fact: 1.0,
};
const DEFAULT_KIND_WEIGHT = 1.0;
const MAX_KIND_WEIGHT = 1.15;
/** Share of the score that recency can move: the oldest entry keeps 85 % of its relevance. */
const RECENCY_SHARE = 0.15;
/**
 * Share of the score that pasted material can cost when the question is prose: an entry that is all log or code
 * keeps 60 % of its relevance. Pasted logs and code repeat identifiers, which inflates their lexical scores.
 */
const PASTED_SHARE = 0.4;

/** Share of the score a lone question costs when the query is prose: a question recalled is rarely an answer. */
const QUESTION_SHARE = 0.3;
const LONE_QUESTION = /^[^\n.!?]*\?+["')\]]*$/;

export interface RankOptions {
  /** The query's focus (see `shapePrompt`); "prose" discounts entries made of pasted material. */
  focus?: "prose" | "pasted";
}

export interface RankedHit {
  hit: MemorySearchHit;
  score: number;
  matched_terms: number;
}

/** How many of the query terms an entry must contain to be recalled at all. */
export function requiredMatches(termCount: number): number {
  return termCount >= 4 ? 2 : 1;
}

/**
 * Scores hits into [0, 1] and orders them best first (ties by entry id bytes). Hits that share too few query terms
 * are dropped.
 */
export function rankHits(
  hits: readonly MemorySearchHit[],
  terms: readonly string[],
  headRevision: number,
  { focus = "pasted" }: RankOptions = {},
): RankedHit[] {
  const wanted = new Set(terms);
  const required = requiredMatches(wanted.size);
  const admitted = hits
    .map((hit) => ({ hit, matched_terms: countMatches(hit.search_text, wanted) }))
    .filter((candidate) => candidate.matched_terms >= required);
  const best = Math.max(0, ...admitted.map(({ hit }) => hit.relevance));
  const ranked = admitted.map(({ hit, matched_terms }) => {
    const relevance = best > 0 ? hit.relevance / best : 0;
    const kind = (KIND_WEIGHTS[hit.entry.kind] ?? DEFAULT_KIND_WEIGHT) / MAX_KIND_WEIGHT;
    const age = headRevision > 0 ? hit.written_revision / headRevision : 1;
    const recency = 1 - RECENCY_SHARE + RECENCY_SHARE * age;
    const material = focus === "prose" ? proseFactor(hit.entry.text) : 1;
    return { hit, matched_terms, score: Math.min(1, Math.max(0, relevance * kind * recency * material)) };
  });
  return ranked.sort(
    (a, b) => b.score - a.score || compareBytes(a.hit.entry.citation.entry_id, b.hit.entry.citation.entry_id),
  );
}

function proseFactor(text: string): number {
  if (LONE_QUESTION.test(text.trim())) return 1 - QUESTION_SHARE;
  return 1 - PASTED_SHARE * pastedShare(text);
}

/** Share of `text`'s characters on pasted lines (logs, code, stack traces), in [0, 1]. */
export function pastedShare(text: string): number {
  if (!text.includes("\n")) return isPastedLine(text) ? 1 : 0;
  const { pasted } = splitPrompt(text);
  return text.length === 0 ? 0 : pasted.length / text.length;
}

function countMatches(searchText: string, wanted: ReadonlySet<string>): number {
  const seen = new Set<string>();
  for (const term of searchText.split(" ")) if (wanted.has(term)) seen.add(term);
  return seen.size;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
