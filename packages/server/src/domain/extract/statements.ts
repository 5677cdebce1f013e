// Splits a Source's text into statements: lines, list items and sentences, outside fenced code blocks.
// Every scan here is a single linear pass; no pattern can backtrack over more than one line.

export interface Statement {
  /** The sentence, trimmed, with list markers, quote markers and checkboxes removed; inner whitespace collapsed. */
  text: string;
  /** Text of the nearest Markdown heading above the statement, or null. */
  heading: string | null;
}

const LINE_BREAK = /\r\n|\r|\n/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}\s([\s\S]*)$/;
const QUOTE_MARKER = /^\s*>\s?/;
const LIST_MARKER = /^\s*(?:[-*+•‣◦▪]|\d{1,3}[.)])\s+/;
const CHECKBOX = /^\[[ xX]\]\s+/;
const TABLE_ROW = /^\s*\|/;
const CLOSED_ENDINGS = new Set([".", "!", "?", ":", ";", "。", "！", "？"]);
const STARTS_LOWERCASE = /^\p{Ll}/u;
const WHITESPACE_RUN = /\s+/g;

/** Never throws; linear in the length of `content`. */
export function splitStatements(content: string): Statement[] {
  const statements: Statement[] = [];
  let heading: string | null = null;
  // The current unit (a paragraph line plus its continuation lines) as parts, joined once when it ends.
  let unit: string[] = [];
  let unitEnd = "";
  let fence: string | null = null;
  const flush = (): void => {
    if (unit.length === 0) return;
    for (const sentence of splitSentences(unit.join(" "))) statements.push({ text: sentence, heading });
    unit = [];
  };

  for (const rawLine of content.split(LINE_BREAK)) {
    const fenceMatch = FENCE.exec(rawLine);
    if (fence !== null) {
      if (fenceMatch?.[1] !== undefined && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) {
        fence = null;
      }
      continue;
    }
    if (fenceMatch?.[1] !== undefined) {
      flush();
      fence = fenceMatch[1];
      continue;
    }
    const headingMatch = HEADING.exec(rawLine);
    if (headingMatch !== null) {
      flush();
      heading = headingText(headingMatch[1] ?? "");
      continue;
    }
    let line = rawLine;
    for (let depth = 0; depth < 8 && QUOTE_MARKER.test(line); depth += 1) line = line.replace(QUOTE_MARKER, "");
    if (line.trim() === "" || isThematicBreak(line) || TABLE_ROW.test(line)) {
      flush();
      continue;
    }
    const listItem = LIST_MARKER.test(line);
    const text = line.replace(LIST_MARKER, "").replace(CHECKBOX, "").trim();
    if (text === "") {
      flush();
      continue;
    }
    const open = unit.length > 0 && !CLOSED_ENDINGS.has(unitEnd);
    if (listItem || !open || !STARTS_LOWERCASE.test(text)) flush();
    unit.push(text);
    unitEnd = text.charAt(text.length - 1);
  }
  flush();
  return statements;
}

/** `---`, `***` or `___` (spaces allowed between). */
function isThematicBreak(line: string): boolean {
  const compact = line.replace(WHITESPACE_RUN, "");
  if (compact.length < 3) return false;
  const marker = compact.charAt(0);
  if (marker !== "-" && marker !== "*" && marker !== "_") return false;
  for (const char of compact) if (char !== marker) return false;
  return true;
}

/** Heading text without closing `#`s. */
function headingText(raw: string): string {
  let end = raw.length;
  while (end > 0 && (raw.charAt(end - 1) === "#" || raw.charAt(end - 1) === " ")) end -= 1;
  return collapse(raw.slice(0, end));
}

const TERMINATORS = new Set([".", "!", "?"]);
const CJK_TERMINATORS = new Set(["。", "！", "？"]);
const CLOSERS = new Set(['"', "'", ")", "]", "”", "’", "*", "_"]);
/** Words that end with a full stop without ending the sentence. */
const ABBREVIATIONS = new Set(["e.g", "eg", "i.e", "ie", "vs", "cf", "approx", "mr", "mrs", "ms", "dr", "st", "fig"]);

/** Splits one unit into trimmed sentences; never inside `inline code`. */
export function splitSentences(unit: string): string[] {
  const sentences: string[] = [];
  const push = (text: string): void => {
    const sentence = collapse(text);
    if (sentence !== "") sentences.push(sentence);
  };
  let start = 0;
  let inCode = false;
  let i = 0;
  while (i < unit.length) {
    const char = unit.charAt(i);
    i += 1;
    if (char === "`") inCode = !inCode;
    if (inCode) continue;
    if (CJK_TERMINATORS.has(char)) {
      push(unit.slice(start, i));
      start = i;
      continue;
    }
    if (!TERMINATORS.has(char)) continue;
    let end = i;
    while (end < unit.length && TERMINATORS.has(unit.charAt(end))) end += 1;
    while (end < unit.length && CLOSERS.has(unit.charAt(end))) end += 1;
    i = end;
    if (end >= unit.length || !/\s/.test(unit.charAt(end))) continue;
    if (char === "." && ABBREVIATIONS.has(wordBefore(unit, end - 1))) continue;
    push(unit.slice(start, end));
    start = end;
  }
  push(unit.slice(start));
  return sentences;
}

/** The lowercased word that ends just before the terminator run ending at `index`, at most 8 characters back. */
function wordBefore(text: string, index: number): string {
  let end = index;
  while (end >= 0 && (TERMINATORS.has(text.charAt(end)) || CLOSERS.has(text.charAt(end)))) end -= 1;
  let begin = end;
  while (begin >= 0 && end - begin < 8 && !/\s/.test(text.charAt(begin))) begin -= 1;
  return text.slice(begin + 1, end + 1).toLowerCase();
}

function collapse(text: string): string {
  return text.replace(WHITESPACE_RUN, " ").trim();
}
