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
const SPACE = 0x20;

export interface RankOptions {
  /** The query's focus (see `shapePrompt`); "prose" discounts entries made of pasted material. */
  focus?: "prose" | "pasted";
  /** Return only the best `limit` hits (all when absent); hits that cannot make it are not fully scored. */
  limit?: number;
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
 * are dropped. With `limit`, the result is the first `limit` of the full ordering.
 */
export function rankHits(
  hits: readonly MemorySearchHit[],
  terms: readonly string[],
  headRevision: number,
  { focus = "pasted", limit = Number.POSITIVE_INFINITY }: RankOptions = {},
): RankedHit[] {
  const wanted = new Set(terms);
  const required = requiredMatches(wanted.size);
  const admitted = hits
    .map((hit) => ({ hit, matched_terms: countMatches(hit.search_text, wanted) }))
    .filter((candidate) => candidate.matched_terms >= required);
  const best = Math.max(0, ...admitted.map(({ hit }) => hit.relevance));
  const scored = admitted.map(({ hit, matched_terms }): Scored => {
    const relevance = best > 0 ? hit.relevance / best : 0;
    const kind = (KIND_WEIGHTS[hit.entry.kind] ?? DEFAULT_KIND_WEIGHT) / MAX_KIND_WEIGHT;
    const age = headRevision > 0 ? hit.written_revision / headRevision : 1;
    const recency = 1 - RECENCY_SHARE + RECENCY_SHARE * age;
    const base = relevance * kind * recency;
    return { hit, matched_terms, base, score: clamp(base), exact: focus !== "prose" };
  });
  if (focus === "prose") applyProseFactors(scored, limit);
  return scored
    .filter((candidate) => candidate.exact)
    .sort((a, b) => b.score - a.score || compareBytes(a.hit.entry.citation.entry_id, b.hit.entry.citation.entry_id))
    .slice(0, limit)
    .map(({ hit, matched_terms, score }) => ({ hit, matched_terms, score }));
}

interface Scored extends RankedHit {
  /** Score before the prose factor: an upper bound of the final score, since the factor is at most 1. */
  base: number;
  /** Whether `score` is final; hits left inexact cannot be among the best `limit`. */
  exact: boolean;
}

/**
 * Applies `proseFactor` best bound first, and stops once no remaining hit's bound can beat the `limit`-th final
 * score (strictly below it, so that the entry-id tie-break cannot promote one either).
 */
function applyProseFactors(scored: Scored[], limit: number): void {
  const byBound = [...scored].sort((a, b) => b.score - a.score);
  const top: number[] = [];
  for (const candidate of byBound) {
    if (top.length >= limit && candidate.score < (top[top.length - 1] as number)) break;
    candidate.score = clamp(candidate.base * proseFactor(candidate.hit.entry.text));
    candidate.exact = true;
    insertDescending(top, candidate.score, limit);
  }
}

/** Inserts `value` into the descending `list`, keeping at most `limit` values. */
function insertDescending(list: number[], value: number, limit: number): void {
  let at = list.length;
  while (at > 0 && (list[at - 1] as number) < value) at -= 1;
  list.splice(at, 0, value);
  if (list.length > limit) list.pop();
}

function clamp(score: number): number {
  return Math.min(1, Math.max(0, score));
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

/** How many distinct `wanted` terms occur as space-separated words of `searchText`. Allocation-free for plain terms. */
function countMatches(searchText: string, wanted: ReadonlySet<string>): number {
  let count = 0;
  for (const term of wanted) if (containsWord(searchText, term)) count += 1;
  return count;
}

function containsWord(text: string, word: string): boolean {
  if (word === "" || word.includes(" ")) return text.split(" ").includes(word);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || text.charCodeAt(at - 1) === SPACE) && (end === text.length || text.charCodeAt(end) === SPACE))
      return true;
  }
  return false;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
