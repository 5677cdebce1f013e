// A text's sentences, as recall cuts them: after `.`, `!` or `?` followed by space, and at line breaks. Shared by the
// best-passage score (passage.ts) and the excerpts of long recalled texts (domain/context/excerpt.ts), so that what
// is scored is what is shown.
const SENTENCE_END = /(?<=[.!?])\s+|\n+/u;

/** The non-blank sentences of `text`, in order. */
export function sentencesOf(text: string): string[] {
  return text.split(SENTENCE_END).filter((sentence) => sentence.trim() !== "");
}
