// tsvector and tsquery values built from our analyzer's terms. PostgreSQL's parser never sees the text: the terms are
// already analyzed (the equivalent of the `simple` configuration), and its parser would re-split some of them
// (`1_2`) or classify them (`1e5`). Each term is kept as one lexeme, exactly as SQLite's unicode61 tokenizer keeps it.

/** Token characters of SQLite FTS5's unicode61 tokenizer (its default categories L*, N*, Co). */
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
/** Query terms the index can match, the same filter as the SQLite adapter's. */
const QUERY_TERM = /^[\p{L}\p{N}]+$/u;
/** tsvector limits: lexemes under 2 KiB, positions 1–16,383, at most 256 positions per lexeme. */
const MAX_LEXEME_BYTES = 2046;
const MAX_POSITION = 16383;
const MAX_POSITIONS = 256;

export interface SearchVector {
  /** tsvector literal: every term with the positions it occurs at, so a lexeme's position count is its frequency. */
  vector: string;
  /** Tokens in the search text (BM25's document length). */
  term_count: number;
}

function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The tsvector literal for an entry's search text. Term frequencies are exact up to 256 occurrences and within the
 * first 16,383 tokens (PostgreSQL's limits; a Memory entry's 8,192 characters stay within them).
 */
export function toSearchVector(searchText: string): SearchVector {
  const positions = new Map<string, number[]>();
  let count = 0;
  for (const [token] of searchText.matchAll(TOKEN)) {
    count += 1;
    if (Buffer.byteLength(token) > MAX_LEXEME_BYTES) continue;
    let list = positions.get(token);
    if (!list) {
      list = [];
      positions.set(token, list);
    }
    const position = Math.min(count, MAX_POSITION);
    if (list.length < MAX_POSITIONS && list.at(-1) !== position) list.push(position);
  }
  const lexemes = [...positions].map(([term, at]) => `${quote(term)}:${at.join(",")}`);
  return { vector: lexemes.join(" "), term_count: count };
}

/** The distinct query terms the index can match, in first-occurrence order. */
export function searchableTerms(terms: readonly string[]): string[] {
  return [...new Set(terms.filter((term) => QUERY_TERM.test(term)))];
}

/** A tsquery literal matching any of `terms` (which must be non-empty). */
export function toSearchQuery(terms: readonly string[]): string {
  return terms.map(quote).join(" | ");
}

/** A tsquery literal matching entries that hold `first` and any of `rest` (which must be non-empty). */
export function toBothQuery(first: string, rest: readonly string[]): string {
  return `${quote(first)} & (${toSearchQuery(rest)})`;
}
