// Cutting a long recalled text down to the sentences that matter to the prompt, so that a budget holds more entries:
// sentences holding the most query terms are kept (in their original order, the gaps marked "…"), the rest dropped.
import { truncateUtf8, utf8Length } from "@powercontext/protocol";
import { analyze } from "../../search/analyze.ts";
import { sentencesOf } from "../../search/sentences.ts";

const GAP = " … ";

/**
 * `text` within `maxBytes`: whole when it fits; else its sentences that share the most distinct `terms` (ties: the
 * earlier), joined in order with "…" where something was left out; else (no sentence matches, or none fits) its
 * longest prefix.
 */
export function excerpt(text: string, terms: ReadonlySet<string>, maxBytes: number): Excerpt {
  if (utf8Length(text) <= maxBytes) return { text, truncated: false, focused: false };
  const sentences = sentencesOf(text);
  if (terms.size === 0 || sentences.length < 2) return prefix(text, maxBytes);
  const scored = sentences.map((sentence, order) => ({ sentence, order, matches: countTerms(sentence, terms) }));
  const chosen: typeof scored = [];
  let used = utf8Length("…");
  for (const candidate of [...scored].sort((a, b) => b.matches - a.matches || a.order - b.order)) {
    if (candidate.matches === 0) break;
    const size = utf8Length(candidate.sentence) + utf8Length(GAP);
    if (used + size > maxBytes) continue;
    chosen.push(candidate);
    used += size;
  }
  if (chosen.length === 0) return prefix(text, maxBytes);
  chosen.sort((a, b) => a.order - b.order);
  let joined = "";
  let expected = 0;
  for (const { sentence, order } of chosen) {
    joined += order === expected ? (joined === "" ? "" : " ") : joined === "" ? "… " : GAP;
    joined += sentence;
    expected = order + 1;
  }
  if (expected < sentences.length) joined += " …";
  return utf8Length(joined) <= maxBytes ? { text: joined, truncated: true, focused: true } : prefix(text, maxBytes);
}

export interface Excerpt {
  text: string;
  truncated: boolean;
  /** True when sentences were chosen by the terms; false for the whole text or a plain prefix. */
  focused: boolean;
}

function prefix(text: string, maxBytes: number): Excerpt {
  return { ...truncateUtf8(text, maxBytes), focused: false };
}

function countTerms(sentence: string, terms: ReadonlySet<string>): number {
  const found = new Set<string>();
  for (const term of analyze(sentence)) if (terms.has(term)) found.add(term);
  return found.size;
}
