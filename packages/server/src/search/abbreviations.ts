// Run-together short names. People name a component "taxcalc" or "shipq" in code and chat and "tax calculator" or
// "shipping quotes" in prose; the two share no analyzer term, so a lexical search misses one from the other. From
// each pair of adjacent words of a prompt we build the names such a pair is shortened to (a prefix of each word, run
// together), and keep the few the index holds and that are not plain words: those become extra query terms.
import type { Store } from "../store/types.ts";
import { analyze, STOP_WORDS } from "./analyze.ts";
import type { VectorNeighbour } from "./semantic/vector-index.ts";
import type { SemanticModel } from "./semantic/word-vector-model.ts";

/** Longest prefix of a word tried; a longer one only counts as the whole word. */
const MAX_PREFIX = 6;
/** Shortest run-together name: shorter ones ("tc", "sq") are ambiguous. */
const MIN_LENGTH = 4;
/** Word pairs read per prompt, in order: bounds the candidates a long prompt can send to the index. */
const MAX_PAIRS = 48;

// Two adjacent lowercase-able ASCII words separated by spaces only (no sentence or clause break between them).
const PAIR = /(?<![A-Za-z0-9_.-])([A-Za-z]+)[ \t]+(?=([A-Za-z]+)(?![A-Za-z0-9_-]))/g;

/** The prefixes of `word` tried: lengths 1 to MAX_PREFIX, and the whole word. */
function prefixes(word: string): string[] {
  const out: string[] = [];
  for (let length = 1; length <= Math.min(MAX_PREFIX, word.length); length += 1) out.push(word.slice(0, length));
  if (word.length > MAX_PREFIX) out.push(word);
  return out;
}

function isStopWord(word: string): boolean {
  const term = analyze(word)[0];
  return term === undefined || STOP_WORDS.has(term);
}

/** A run-together name and the two words it shortens. */
export interface ShortName {
  name: string;
  words: string;
}

/**
 * The analyzer terms (each with the name it came from) of the run-together names of `text`'s adjacent word pairs ("tax calculator" → "taxcalc",
 * "taxc", ...; "status page" → "statuspage"), each at least MIN_LENGTH letters and neither word alone. Pairs with a
 * stop word are skipped. The result is bounded by MAX_PAIRS × (MAX_PREFIX + 1)² terms.
 */
export function abbreviationCandidates(text: string): Map<string, ShortName> {
  const out = new Map<string, ShortName>();
  let pairs = 0;
  for (const match of text.matchAll(PAIR)) {
    const first = (match[1] ?? "").toLowerCase();
    const second = (match[2] ?? "").toLowerCase();
    if (isStopWord(first) || isStopWord(second)) continue;
    if (++pairs > MAX_PAIRS) break;
    for (const head of prefixes(first)) {
      for (const tail of prefixes(second)) {
        const name = head + tail;
        if (name.length < MIN_LENGTH) continue;
        const term = analyze(name)[0];
        if (term !== undefined && !STOP_WORDS.has(term) && !out.has(term)) {
          out.set(term, { name, words: `${first} ${second}` });
        }
      }
    }
  }
  return out;
}

/**
 * The run-together names among `surface` (`abbreviationCandidates` of the prompt's text) that the scope's index holds, whose name `isWord` does not know as a plain word (a
 * joined "checkout" or "database" is a word, not a short name) and that are not already among `terms`; at most
 * `max`, rarest first, each with the words it shortens (`words`). One read of document frequencies, of the candidates
 * and `alsoRead` (so a recall reads them once), unless `read` already holds them all; null when there is no candidate.
 */
export async function promptAbbreviations(
  store: Pick<Store, "termFrequencies">,
  scopeId: string,
  surface: ReadonlyMap<string, ShortName>,
  terms: readonly string[],
  options: {
    isWord: (name: string) => boolean;
    max: number;
    alsoRead: readonly string[];
    read?: ReadonlyMap<string, number> | null;
  },
): Promise<{ names: string[]; frequencies: Map<string, number>; words: Map<string, string> } | null> {
  const known = new Set(terms);
  const candidates = [...surface.keys()].filter((term) => !known.has(term));
  if (candidates.length === 0) return null;
  const read = options.read;
  const frequencies =
    read && candidates.every((term) => read.has(term))
      ? new Map(read)
      : await store.termFrequencies(scopeId, [...options.alsoRead, ...candidates]);
  const isName = (term: string) =>
    (frequencies.get(term) ?? 0) > 0 && !options.isWord(term) && !options.isWord(surface.get(term)?.name ?? term);
  const names = candidates
    .filter(isName)
    .sort((a, b) => (frequencies.get(a) ?? 0) - (frequencies.get(b) ?? 0))
    .slice(0, options.max);
  return { names, frequencies, words: new Map(names.map((name) => [name, surface.get(name)?.words ?? ""])) };
}

/**
 * What the meaning layer should read of an entry that uses some of the prompt's short names: its text with the words
 * they shorten added, so an entry saying "taxcalc" names the same concepts as one saying "tax calculator". `expansions`:
 * short name's analyzer term → the words (promptAbbreviations). Null when the entry uses none of them.
 */
export function expandedText(text: string, expansions: ReadonlyMap<string, string>): string | null {
  if (expansions.size === 0) return null;
  const terms = new Set(analyze(text));
  const words = [...expansions].filter(([name]) => terms.has(name)).map(([, expansion]) => expansion);
  return words.length === 0 ? null : `${text}\n${words.join("\n")}`;
}

/** `neighbour` with the words of the prompt's short names its entry uses added to its words and concepts. */
export function expandedNeighbour(
  model: SemanticModel,
  neighbour: VectorNeighbour | undefined,
  text: string,
  expansions: ReadonlyMap<string, string>,
): VectorNeighbour | undefined {
  const withWords = neighbour === undefined ? null : expandedText(text, expansions);
  const signature = withWords === null ? null : model.signature(withWords);
  if (neighbour === undefined || signature === null) return neighbour;
  return { ...neighbour, terms: { words: signature.words, concepts: Uint32Array.from(signature.concepts) } };
}
