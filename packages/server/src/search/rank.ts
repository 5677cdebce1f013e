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

/**
 * Scores hits into [0, 1] and orders them best first (ties by entry id bytes). Hits that share no query term are
 * dropped. With `limit`, the result is the first `limit` of the full ordering.
 */
export function rankHits(
  hits: readonly MemorySearchHit[],
  terms: readonly string[],
  headRevision: number,
  options: RankOptions = {},
): RankedHit[] {
  return rank(hits, terms, headRevision, options).ranked;
}

function rank(
  hits: readonly MemorySearchHit[],
  terms: readonly string[],
  headRevision: number,
  { focus = "pasted", limit = Number.POSITIVE_INFINITY }: RankOptions,
): { ranked: RankedHit[] } {
  const wanted = new Set(terms);
  const admitted: Scored[] = [];
  let best = 0;
  for (const hit of hits) {
    const matched_terms = countMatches(hit.search_text, wanted);
    // One shared term admits an entry, whatever the query's length: BM25 already ranks an entry sharing one common
    // term low, and that term may be the prompt's only rare one ("Bump backoffice to Ruby 3.3." must recall Ruby).
    if (matched_terms === 0) continue;
    best = Math.max(best, hit.relevance);
    admitted.push({ hit, matched_terms, base: 0, score: 0, exact: focus !== "prose" });
  }
  for (const candidate of admitted) {
    const { hit } = candidate;
    const relevance = best > 0 ? hit.relevance / best : 0;
    const kind = (KIND_WEIGHTS[hit.entry.kind] ?? DEFAULT_KIND_WEIGHT) / MAX_KIND_WEIGHT;
    const age = headRevision > 0 ? hit.written_revision / headRevision : 1;
    const recency = 1 - RECENCY_SHARE + RECENCY_SHARE * age;
    candidate.base = relevance * kind * recency;
    candidate.score = clamp(candidate.base);
  }
  if (focus === "prose") applyProseFactors(admitted, limit);
  const exact = focus === "prose" ? admitted.filter((candidate) => candidate.exact) : admitted;
  const ranked = exact
    .sort((a, b) => b.score - a.score || compareBytes(a.hit.entry.citation.entry_id, b.hit.entry.citation.entry_id))
    .slice(0, limit)
    .map(({ hit, matched_terms, score }) => ({ hit, matched_terms, score }));
  return { ranked };
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
  if (text.includes("?") && LONE_QUESTION.test(text.trim())) return 1 - QUESTION_SHARE;
  return 1 - PASTED_SHARE * pastedShare(text);
}

/** Share of `text`'s characters on pasted lines (logs, code, stack traces), in [0, 1]. */
export function pastedShare(text: string): number {
  if (!text.includes("\n")) return isPastedLine(text) ? 1 : 0;
  const { pasted } = splitPrompt(text);
  return text.length === 0 ? 0 : pasted.length / text.length;
}

/** How many distinct `wanted` terms occur as space-separated words of `searchText`. Allocation-free for plain terms. */
/** How many of `wanted` the stored analyzer terms `searchText` (space-separated) hold. */
export function countMatches(searchText: string, wanted: ReadonlySet<string>): number {
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

/**
 * Orders as the strings' UTF-8 bytes do, without encoding them: UTF-16 code units below the surrogates (U+D800)
 * order as their UTF-8 bytes, so only a difference at or above them needs the bytes.
 */
function compareBytes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }
  return a.length - b.length;
}
