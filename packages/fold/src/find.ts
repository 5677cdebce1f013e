// Search inside folds: where, in the exact verified sources, a string occurs. Each occurrence is reported once, in the
// innermost fold that holds it, as a character range that `peek` returns as it is. Reads only; the window is unchanged.
import { FoldError } from "./errors.ts";
import { verifiedSource } from "./fold.ts";
import type { FoldRecord, FoldState, Item } from "./types.ts";

/** The most matches one find reports; the rest are counted. */
export const FIND_MAX_MATCHES = 20;
const EXCERPT_CHARS = 60;
const PEEK_AROUND = 200;

export interface FindMatch {
  /** The innermost fold whose source holds the match. */
  id: string;
  /** Its ancestors, outermost first: expand them in this order to bring the match back into the window. */
  within: string[];
  sha256: string;
  /** Character range in the fold's source, in the units `peek` takes. */
  offset: number;
  length: number;
  /** The source around the match, exact bytes of the source (a JSON array of messages). */
  excerpt: string;
  /** The peek that shows the match with some context. */
  peek: { action: "peek"; id: string; offset: number; bytes: number };
}

export interface FindResult {
  query: string;
  /** exact: the string as given; ignore-case: no exact match, the same letters in any case. */
  mode: "exact" | "ignore-case";
  verified: true;
  total: number;
  matches: FindMatch[];
  searched: number;
  /** Folds whose source no copy matches its hash: not searched. */
  unverified: string[];
}

/** Start offsets of each message of a canonical source (a JSON array), computed only when a match needs them. */
function messageStarts(source: string): number[] {
  const starts: number[] = [];
  let offset = 1;
  for (const message of JSON.parse(source) as unknown[]) {
    starts.push(offset);
    offset += JSON.stringify(message).length + 1;
  }
  return starts;
}

function leafAt(fold: FoldRecord, starts: number[], offset: number): string | undefined {
  let position = 0;
  while (position + 1 < starts.length && (starts[position + 1] as number) <= offset) position += 1;
  return fold.leaves[position];
}

function ancestorsOf(state: FoldState, fold: FoldRecord): string[] {
  const chain: string[] = [];
  for (let parent = fold.parent; parent !== null; parent = state.folds[parent]?.parent ?? null) chain.unshift(parent);
  return chain;
}

/** Offsets of the needle in the haystack; a RegExp keeps offsets exact where lowercasing would change lengths. */
function occurrences(haystack: string, needle: string, ignoreCase: boolean): number[] {
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), ignoreCase ? "gi" : "g");
  return [...haystack.matchAll(pattern)].map((match) => match.index);
}

interface FindWorld {
  state: FoldState;
  items: readonly Item[];
  stored(sha256: string): string | null;
}

function search(world: FindWorld, query: string, ignoreCase: boolean): Omit<FindResult, "query" | "mode" | "verified"> {
  // Sources are JSON, so a quote or a line break in the query is searched as JSON writes it.
  const needle = JSON.stringify(query).slice(1, -1);
  const matches: FindMatch[] = [];
  const unverified: string[] = [];
  let total = 0;
  const folds = Object.values(world.state.folds).sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  for (const fold of folds) {
    let text: string;
    try {
      text = verifiedSource(fold, world.items, world.stored(fold.sha256)).text;
    } catch {
      unverified.push(fold.id);
      continue;
    }
    const found = occurrences(text, needle, ignoreCase);
    if (found.length === 0) continue;
    const inChild = new Set(fold.children.flatMap((id) => world.state.folds[id]?.leaves ?? []));
    const starts = inChild.size === 0 ? [] : messageStarts(text);
    for (const offset of found) {
      if (inChild.size > 0 && inChild.has(leafAt(fold, starts, offset) ?? "")) continue;
      total += 1;
      if (matches.length >= FIND_MAX_MATCHES) continue;
      const from = Math.max(0, offset - EXCERPT_CHARS);
      const peekFrom = Math.max(0, offset - PEEK_AROUND);
      matches.push({
        id: fold.id,
        within: ancestorsOf(world.state, fold),
        sha256: fold.sha256,
        offset,
        length: needle.length,
        excerpt: text.slice(from, offset + needle.length + EXCERPT_CHARS),
        peek: { action: "peek", id: fold.id, offset: peekFrom, bytes: offset - peekFrom + needle.length + PEEK_AROUND },
      });
    }
  }
  return { total, matches, searched: folds.length - unverified.length, unverified };
}

/**
 * Finds `query` in the verified source of every fold. Exact first; when nothing matches exactly, the same letters in
 * any case. Never changes state; throws FoldError only for an empty query.
 */
export function findInFolds(world: FindWorld, query: string): FindResult {
  if (query === "") throw new FoldError("invalid_action", 'find needs "query"');
  const exact = search(world, query, false);
  if (exact.total > 0) return { query, mode: "exact", verified: true, ...exact };
  return { query, mode: "ignore-case", verified: true, ...search(world, query, true) };
}
