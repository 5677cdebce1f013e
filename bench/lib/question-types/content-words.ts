// Which words of a question also occur in a fact, by the Server's own analyzer (so "listens" and "listen" are the same
// word) and ignoring English function words. A paraphrased question must share none; a lexical one at least one.
import { analyze } from "../../../packages/server/src/search/analyze.ts";

// The bench's own list, not the Server's, so changing the Server's list cannot quietly loosen this check.
// Function words, pronouns, auxiliaries and chat fillers only: no content verb ("use", "run") is listed.
const STOP_WORD_TEXT = `
a about above after again against all also am an and any anyone anything are aren around as at be because been
before being below between both but by can cannot could couldn did didn do does doesn doing don done down during
each either else even ever every few for from further had hadn has hasn have haven having he her here hers herself
him himself his how i if in into is isn it its itself just ll me might mine more most must mustn my myself no nor
not now of off on once only or other our ours ourselves out over own re same shall she should shouldn so some such
than that the their theirs them themselves then there these they this those through to too under until up us ve
very was wasn we were weren what when where whether which while who whom whose why will with won would wouldn you
your yours yourself yourselves ok okay hey hi hello please thanks btw yeah yes lol um uh oh so anyway right
`;

/** Stop words as analyzer terms (stemmed), the form the comparison runs on. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  STOP_WORD_TEXT.split(/\s+/)
    .filter((word) => word !== "")
    .flatMap((word) => [word, ...analyze(word)]),
);

/** The surface stop words, for dropping words from a plain keyword query. */
export const STOP_WORD_SURFACE: ReadonlySet<string> = new Set(STOP_WORD_TEXT.split(/\s+/).filter((w) => w !== ""));

/** Analyzer terms of `text` that carry content: not stop words, not single ASCII characters. */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const term of analyze(text)) {
    if (STOP_WORDS.has(term)) continue;
    if (term.length === 1 && term.charCodeAt(0) < 0x80) continue;
    terms.add(term);
  }
  return terms;
}

/** The content terms `question` shares with `fact`, in question order. */
export function sharedContentTerms(question: string, fact: string): string[] {
  const factTerms = contentTerms(fact);
  return [...contentTerms(question)].filter((term) => factTerms.has(term));
}
