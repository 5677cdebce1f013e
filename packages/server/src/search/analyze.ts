// The text analyzer shared by indexing and querying, plus the query shaping and duplicate checks built on it.
// Every term is a plain run of lowercase letters/digits (no marks, no punctuation), so a store's own tokenizer
// (SQLite FTS5 `unicode61 remove_diacritics 0`) keeps each one as a single token.
import { codePointLength, sha256Hex } from "@powercontext/protocol";
import { stemmer } from "stemmer";

/** Longest term in code points; longer runs are cut. */
export const MAX_TERM_LENGTH = 64;

const CJK = String.raw`[[\p{L}\p{N}]&&[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]]`;
const WORD = String.raw`[[\p{L}\p{N}\p{M}]--[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]]`;
// A CJK run, or a word run optionally chained by `.`, `_` or `-` (an identifier). The chain separator is never a
// word character, so the pattern cannot backtrack more than one step per match.
const TOKEN = new RegExp(String.raw`(${CJK}+)|(${WORD}+(?:[._\-]${WORD}+)*)`, "gv");
const SEGMENT_SEPARATOR = /[._-]/;
const HAS_UPPER = /[\p{Lu}\p{Lt}]/u;
const HAS_DIGIT = /\p{N}/u;
const HAS_LETTER = /\p{L}/u;
const MARKS = /\p{M}/gu;
const STEMMABLE = /^[a-z]{3,}$/;
const LOWER_ASCII_WORD = /^[a-z]+$/;
const ASCII_RUN = /^[\x00-\x7f]*$/;
const SEPARATORS_AND_MARKS = /[._\-\p{M}]/gu;
/** Longer word runs are not split into parts (see `joinedPrefix`). */
const MAX_SPLIT_RUN = 256;

/** Analyzer terms of `text` in document order, duplicates kept. Never throws; linear in `text`. */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.normalize("NFKC").matchAll(TOKEN)) {
    const [run, cjk] = match;
    if (cjk !== undefined) {
      pushCjkRun(terms, cjk);
      continue;
    }
    if (LOWER_ASCII_WORD.test(run)) {
      terms.push(plainWordTerm(run));
      continue;
    }
    for (const term of analyzeWordRun(run)) terms.push(term);
  }
  return terms;
}

/** The analyzer terms joined by single spaces: what the stores index. */
export function toSearchText(text: string): string {
  return analyze(text).join(" ");
}

function pushCjkRun(terms: string[], run: string): void {
  const chars = Array.from(run);
  for (const char of chars) terms.push(char);
  for (let i = 0; i + 1 < chars.length; i += 1) terms.push(`${chars[i]}${chars[i + 1]}`);
}

/** A lowercase ASCII word, stemmed unless it is too short or too long to be English. */
function plainWordTerm(word: string): string {
  if (word.length > MAX_TERM_LENGTH) return word.slice(0, MAX_TERM_LENGTH);
  return word.length >= 3 ? stem(word) : word;
}

/** An identifier yields its joined form first, then each part; a single-part run yields one term. Parts are stemmed. */
function analyzeWordRun(run: string): string[] {
  if (run.length > MAX_SPLIT_RUN) return [joinedPrefix(run)];
  const parts = ASCII_RUN.test(run) ? asciiParts(run) : unicodeParts(run);
  const terms = parts.length > 1 ? [capTerm(parts.join(""))] : [];
  for (const part of parts) terms.push(capTerm(STEMMABLE.test(part) ? stem(part) : part));
  return terms;
}

function unicodeParts(run: string): string[] {
  const parts: string[] = [];
  for (const segment of run.split(SEGMENT_SEPARATOR)) {
    for (const part of splitCase(segment)) {
      const folded = part.toLowerCase().replace(MARKS, "");
      if (folded !== "") parts.push(folded);
    }
  }
  return parts;
}

/** `unicodeParts` for an ASCII run (letters, digits and `._-` only), in one pass over char codes. */
function asciiParts(run: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let previous: CharClass | undefined;
  for (let i = 0; i < run.length; i += 1) {
    const cls = asciiClass(run.charCodeAt(i));
    if (cls === "mark") {
      if (i > start) parts.push(run.slice(start, i).toLowerCase());
      start = i + 1;
      previous = undefined;
      continue;
    }
    if (previous !== undefined && isBoundary(previous, cls, asciiClass(run.charCodeAt(i + 1)))) {
      parts.push(run.slice(start, i).toLowerCase());
      start = i;
    }
    previous = cls;
  }
  if (start < run.length) parts.push(run.slice(start).toLowerCase());
  return parts;
}

/** A run too long to be a word (a blob, a hash, minified code) becomes one capped term and is not split. */
function joinedPrefix(run: string): string {
  let cut = Math.min(run.length, MAX_TERM_LENGTH * 4);
  if (isHighSurrogate(run.charCodeAt(cut - 1))) cut -= 1;
  return capTerm(run.slice(0, cut).replace(SEPARATORS_AND_MARKS, "").toLowerCase().replace(MARKS, ""));
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Splits camelCase, PascalCase, acronym runs (`HTTPServer` → HTTP, Server) and letter/digit boundaries. */
function splitCase(segment: string): string[] {
  const needsSplit = HAS_UPPER.test(segment) || (HAS_DIGIT.test(segment) && HAS_LETTER.test(segment));
  if (!needsSplit) return [segment];
  const parts: string[] = [];
  let start = 0;
  let previous: CharClass | undefined;
  let i = 0;
  while (i < segment.length) {
    const cls = classifyAt(segment, i);
    const width = (segment.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    if (cls !== "mark") {
      const boundary = previous !== undefined && isBoundary(previous, cls, classifyAt(segment, i + width));
      if (boundary && i > start) {
        parts.push(segment.slice(start, i));
        start = i;
      }
      previous = cls;
    }
    i += width;
  }
  if (start < segment.length) parts.push(segment.slice(start));
  return parts;
}

type CharClass = "upper" | "lower" | "digit" | "mark";

/** Whether a new part starts at a character of class `current` (`next` is the class after it). */
function isBoundary(previous: CharClass, current: CharClass, next: CharClass): boolean {
  if ((previous === "digit") !== (current === "digit")) return true;
  if (previous === "lower" && current === "upper") return true;
  return previous === "upper" && current === "upper" && next === "lower";
}

/** Class of an ASCII char code inside a word run; separators (and NaN past the end) count as "mark". */
function asciiClass(code: number): CharClass {
  if (code >= 0x30 && code <= 0x39) return "digit";
  if (code >= 0x41 && code <= 0x5a) return "upper";
  if (code >= 0x61 && code <= 0x7a) return "lower";
  return "mark";
}

/** Class of the code point at UTF-16 index `i`; "mark" past the end. */
function classifyAt(text: string, i: number): CharClass {
  const code = text.codePointAt(i);
  if (code === undefined) return "mark";
  if (code < 0x80) return asciiClass(code);
  const char = String.fromCodePoint(code);
  if (HAS_DIGIT.test(char)) return "digit";
  if (HAS_UPPER.test(char)) return "upper";
  if (HAS_LETTER.test(char)) return "lower";
  return "mark";
}

function capTerm(term: string): string {
  if (term.length <= MAX_TERM_LENGTH) return term;
  return Array.from(term).slice(0, MAX_TERM_LENGTH).join("");
}

const STEM_CACHE_LIMIT = 8192;
const stemCache = new Map<string, string>();

function stem(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stemmed = stemmer(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stemmed);
  return stemmed;
}

// ---------- Query shaping ----------

// Surface forms. Words whose stem collides with a content word are left out on purpose ("us" stems like "use").
const STOP_WORD_LIST = `
a about above after again against all almost along already also although am among an and another any anyone
anything are around as at be because been before being below between both but by can cannot could did do does
doing done down during each either else enough etc even ever every everything few for from further get gets got had
has have having he her here hers herself him himself his how however i if in into is it its itself just least less
let lets like may me might more most much must my myself neither no nor not now of off often on once one only
or other others otherwise our ours ourselves out over per perhaps please rather really same shall she
should since so some something still such than thank thanks that the their theirs them themselves then there
these they this those though through thus to too toward under until up upon very via was we well were what
whatever when where whether which while who whom whose why will with within without would yes yet you your yours
yourself yourselves hi hello hey ok okay sure maybe don doesn didn isn aren wasn weren won wouldn shouldn couldn
can't ll ve re
`;

/**
 * English function words excluded from query terms (never from the index). Holds each listed word and its
 * analyzer form, so the check runs on analyzer output, after stemming ("does" → "doe" is excluded too).
 */
export const STOP_WORDS: ReadonlySet<string> = buildStopWords(STOP_WORD_LIST);

function buildStopWords(list: string): Set<string> {
  const words = new Set<string>();
  for (const word of list.split(/\s+/)) {
    if (word === "") continue;
    words.add(word);
    for (const term of analyze(word)) words.add(term);
  }
  return words;
}

const DIGITS = /^\p{N}+$/u;
const CJK_TERM = new RegExp(`^${CJK}+$`, "v");

/**
 * The distinct, non-stop-word terms of `text`, best first: longer, rarer-looking (digits, identifiers, CJK bigrams)
 * and repeated terms rank higher; ties keep first-occurrence order. Deterministic; linear in `text`.
 */
export function shapeQueryTerms(text: string, maxTerms = 48): string[] {
  if (maxTerms <= 0) return [];
  const counts = new Map<string, number>();
  for (const term of analyze(text)) {
    if (STOP_WORDS.has(term) || (term.length === 1 && term.charCodeAt(0) < 0x80)) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  // Bounded insertion in first-occurrence order: a later term must score strictly higher to pass an earlier one.
  const top: Array<{ term: string; score: number }> = [];
  for (const [term, count] of counts) {
    const score = termWeight(term, count);
    if (top.length === maxTerms && score <= (top[maxTerms - 1]?.score ?? Infinity)) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1]?.score ?? Infinity) < score) at -= 1;
    top.splice(at, 0, { term, score });
    if (top.length > maxTerms) top.pop();
  }
  return top.map((entry) => entry.term);
}

function termWeight(term: string, count: number): number {
  const repeat = 1 + 0.5 * Math.log(count);
  const length = term.length;
  if (term.charCodeAt(0) >= 0x1100 && CJK_TERM.test(term)) return (codePointLength(term) === 1 ? 0.6 : 2.2) * repeat;
  if (DIGITS.test(term)) return (length >= 3 ? 2.6 : 1.6) * repeat;
  const base = 1 + Math.min(length, 14) / 3.5;
  const mixed = HAS_DIGIT.test(term) ? 1.4 : 1;
  return base * mixed * repeat;
}

// ---------- Duplicate detection ----------

const WHITESPACE_RUN = /\s+/gu;
const TRAILING_PUNCTUATION = new Set([".", "!", ";", "。", " "]);

/**
 * sha256 hex of the NFKC-normalized, lowercased text with whitespace runs collapsed and trailing `.`, `!`, `;`
 * removed: equal for texts that differ only in case, spacing or a final full stop.
 */
export function textFingerprint(text: string): string {
  const collapsed = text.normalize("NFKC").toLowerCase().replace(WHITESPACE_RUN, " ").trim();
  let end = collapsed.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(collapsed.charAt(end - 1))) end -= 1;
  return sha256Hex(collapsed.slice(0, end));
}

/** Jaccard similarity of the two term sets, in [0, 1]. Two empty sets score 0: nothing to compare is no evidence. */
export function termSimilarity(a: readonly string[], b: readonly string[]): number {
  return termSetSimilarity(new Set(a), new Set(b));
}

/** `termSimilarity` on sets already built. */
export function termSetSimilarity(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 0;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  let shared = 0;
  for (const term of small) if (large.has(term)) shared += 1;
  return shared / (left.size + right.size - shared);
}
