// Query shaping: any prompt, up to 200,000 characters, becomes a short list of the terms most worth matching.
import type { Store } from "../store/types.ts";
import { shapeQueryTerms } from "./analyze.ts";
import { splitPrompt } from "./prompt-parts.ts";

/** Terms sent to the index per query. More terms cost time and add little once the rare ones are in. */
export const MAX_MATCH_TERMS = 32;
/** Terms considered before consulting document frequencies. */
const MAX_CANDIDATE_TERMS = 512;
/** Prose with at least this many terms carries the question alone; pasted logs and code only add noise then. */
export const MIN_PROSE_TERMS = 3;

export interface ShapedQuery {
  terms: string[];
  /** "prose": the terms came from what the person wrote; "pasted": the prompt is mostly pasted material. */
  focus: "prose" | "pasted";
  /** The text the terms came from: the prose when it carries the question alone, else the whole prompt. */
  text: string;
  /** The terms' document frequencies when shaping had to read them (a long prompt), so nobody reads them twice. */
  frequencies: ReadonlyMap<string, number> | null;
}

/**
 * Returns at most MAX_MATCH_TERMS terms. When the prompt's prose (outside pasted logs, code and stack traces) has
 * MIN_PROSE_TERMS terms or more, or nothing is pasted, only the prose is matched; otherwise the whole prompt is.
 * Short term lists are kept whole; long ones keep the terms that occur in the index, rarest first (a term that
 * matches nothing cannot help, a term that matches everything barely does). `alsoRead`: more terms of the chosen text
 * whose frequencies the caller will need, read along when shaping reads any.
 */
export async function shapePrompt(
  store: Store,
  scopeId: string,
  query: string,
  alsoRead?: (text: string) => string[],
): Promise<ShapedQuery> {
  const { prose, pasted } = splitPrompt(query);
  const proseTerms = pasted === "" ? [] : shapeQueryTerms(prose, MAX_CANDIDATE_TERMS);
  const focus = pasted === "" || proseTerms.length >= MIN_PROSE_TERMS ? "prose" : "pasted";
  const proseOnly = pasted !== "" && focus === "prose";
  const text = proseOnly ? prose : query;
  const candidates = proseOnly ? proseTerms : shapeQueryTerms(query, MAX_CANDIDATE_TERMS);
  if (candidates.length <= MAX_MATCH_TERMS) return { terms: candidates, focus, text, frequencies: null };
  const frequencies = await store.termFrequencies(scopeId, [...candidates, ...(alsoRead?.(text) ?? [])]);
  const terms = candidates
    .map((term, order) => ({ term, order, df: frequencies.get(term) ?? 0 }))
    .filter((candidate) => candidate.df > 0)
    .sort((a, b) => a.df - b.df || a.order - b.order)
    .slice(0, MAX_MATCH_TERMS)
    .sort((a, b) => a.order - b.order)
    .map((candidate) => candidate.term);
  return { terms, focus, text, frequencies };
}

/** The terms of `shapePrompt`. */
export async function shapeQuery(store: Store, scopeId: string, query: string): Promise<string[]> {
  return (await shapePrompt(store, scopeId, query)).terms;
}
