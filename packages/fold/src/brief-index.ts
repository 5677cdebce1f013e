// The index a brief carries so an agent can aim at what a fold holds without paging through it: the paths touched, the
// commands run, the identifiers and headings that recur, and for a fold of folds one line per child. Deterministic:
// the same messages always give the same index, computed once when the fold is made and kept on its record.
import { oneLine } from "./brief.ts";
import { textOf, toolCallsOf } from "./transcript.ts";
import type { FoldRecord, FoldState, Message, SpanIndex } from "./types.ts";

/** The most characters the index block of a brief may take, children's lines included. */
export const INDEX_MAX_CHARS = 620;
const MAX_PATHS = 8;
const MAX_COMMANDS = 4;
const MAX_TERMS = 8;
/** Characters of each message's text scanned for paths and terms, so a commit over megabytes stays fast. */
const SCAN_CHARS = 4_000;
/** Characters of text scanned per span in all, so a commit's cost stays bounded whatever the span holds. */
const SPAN_SCAN_CHARS = 200_000;
const PATH_KEY = /^(path|file|file_?path|filename|dir|directory|cwd|target)$/i;
/** What separates words in text; a path or an identifier never contains one of these. */
const SEPARATORS = /[\s"'`()<>[\]{},;:=|*!?]+/;
const PATH_TOKEN = /^[\w.@~-]*\/[\w.@/-]*[\w@-]$/;
const FILE_TOKEN = /^[\w-]+\.(?:tsx?|m?js|cjs|json|md|py|go|rs|java|c|h|cpp|ya?ml|toml|sh|sql|txt|html|css)$/;
const IDENTIFIER_TOKEN = /^[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*$/;
const HEADING = /^#{1,6} +(.{3,60}?) *$/gm;

/** Counts first appearances and occurrences, so ranking is by count and then by first appearance. */
class Tally {
  private readonly counts = new Map<string, number>();
  add(term: string, weight = 1): void {
    this.counts.set(term, (this.counts.get(term) ?? 0) + weight);
  }
  top(limit: number, minimum = 1, skip: ReadonlySet<string> = new Set()): string[] {
    return [...this.counts]
      .filter(([term, count]) => count >= minimum && !skip.has(term))
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([term]) => term);
  }
}

/** An identifier worth naming: mixed case inside, an underscore, digits with letters, or a hyphenated code (not a
 * plain word, even in capitals). */
function isDistinctive(word: string): boolean {
  if (word.length < 4 || word.length > 48) return false;
  if (/^[a-z]+$/.test(word) || /^[A-Z][a-z]+$/.test(word) || /^\d/.test(word)) return false;
  return /[a-z][A-Z]|_|[A-Za-z]\d|\d[A-Za-z]|-\d/.test(word);
}

/** Tallies the paths, identifiers and headings of one text; returns its length (what it cost of the scan budget). */
function scanText(text: string, paths: Tally, terms: Tally): number {
  // One split and a few anchored tests per word: an unanchored path pattern over megabytes is what made commits slow.
  for (const raw of text.split(SEPARATORS)) {
    const word = raw.replace(/\.+$/, "");
    if (word.length < 4 || word.length > 120) continue;
    if (PATH_TOKEN.test(word) || FILE_TOKEN.test(word)) paths.add(word);
    else if (IDENTIFIER_TOKEN.test(word) && isDistinctive(word)) terms.add(word);
  }
  if (text.includes("#")) for (const match of text.matchAll(HEADING)) terms.add(`# ${(match[1] as string).trim()}`, 2);
  return text.length;
}

/**
 * The paths and distinctive identifiers of a text, each once, in order of first appearance: the words a text aims
 * with, by the same rules as the index (plain words never count).
 */
export function aimWords(text: string): string[] {
  const found = new Set<string>();
  for (const raw of text.split(SEPARATORS)) {
    const word = raw.replace(/\.+$/, "");
    if (word.length < 4 || word.length > 120) continue;
    if (PATH_TOKEN.test(word) || FILE_TOKEN.test(word) || (IDENTIFIER_TOKEN.test(word) && isDistinctive(word)))
      found.add(word);
  }
  return [...found];
}

export function argumentStrings(value: unknown, key: string, visit: (key: string, text: string) => void): void {
  if (typeof value === "string") visit(key, value);
  else if (Array.isArray(value)) for (const item of value) argumentStrings(item, key, visit);
  else if (typeof value === "object" && value !== null)
    for (const [name, inner] of Object.entries(value)) argumentStrings(inner, name, visit);
}

/**
 * The index of a span: its own messages (those in no child fold) scanned, its children's indexes merged in (so a fold
 * of folds never rescans what its children hold), ranked and bounded. At most SPAN_SCAN_CHARS of text are scanned.
 */
export function indexSpan(messages: readonly Message[], children: readonly SpanIndex[] = []): SpanIndex {
  const paths = new Tally();
  const terms = new Tally();
  const commands: string[] = [];
  const callIds = new Set<string>();
  for (const child of children) {
    for (const path of child.paths) paths.add(path, 3);
    for (const term of child.terms) terms.add(term, 2);
    for (const command of child.commands) if (!commands.includes(command)) commands.push(command);
  }
  let budget = SPAN_SCAN_CHARS;
  for (const message of messages) {
    for (const call of toolCallsOf(message)) {
      callIds.add(call.id);
      argumentStrings(call.arguments, "", (key, text) => {
        if (PATH_KEY.test(key) && text.length <= 200) paths.add(text, 3);
        else if (/^(command|cmd|script)$/i.test(key)) {
          const line = oneLine(text.split("\n")[0] ?? "", 60);
          if (line !== "" && !commands.includes(line)) commands.push(line);
        }
      });
    }
    if (budget > 0) budget -= scanText(textOf(message).slice(0, Math.min(SCAN_CHARS, budget)), paths, terms);
  }
  const listed = paths.top(MAX_PATHS);
  const skip = new Set([...callIds, ...listed, ...listed.flatMap((path) => path.split(/[/.]/))]);
  return { paths: listed, commands: commands.slice(0, MAX_COMMANDS), terms: terms.top(MAX_TERMS, 2, skip) };
}

/** Joins as many of the values as fit in `max` characters after the label, saying how many were left out. */
function listLine(label: string, values: readonly string[], max: number): string | null {
  if (values.length === 0) return null;
  let line = `${label}: `;
  let shown = 0;
  for (const value of values) {
    const piece = `${shown === 0 ? "" : ", "}${value}`;
    const more = values.length - shown - 1 > 0 ? ` (+${values.length - shown - 1})` : "";
    if (line.length + piece.length + more.length > max) break;
    line += piece;
    shown += 1;
  }
  if (shown === 0) line += oneLine(values[0] as string, max - line.length - 6);
  return shown < values.length && shown > 0 ? `${line} (+${values.length - shown})` : line;
}

/** One child's line in its parent's index: id, the turns it spans, its own top terms. */
function childLine(child: FoldRecord, max: number): string {
  const [first, last] = child.turns ?? [0, 0];
  const turns = child.turns === undefined ? "" : first === last ? ` turn ${first}` : ` turns ${first}–${last}`;
  const index = child.index ?? { paths: [], commands: [], terms: [] };
  const top = [...index.paths.slice(0, 3), ...index.commands.slice(0, 1), ...index.terms.slice(0, 3)];
  const head = `- ${child.id}${turns}, ${child.leaves.length} msgs`;
  return top.length === 0 ? head : (listLine(head, top, max) ?? head);
}

/**
 * The index block of a fold's brief (lines, no trailing newline), at most INDEX_MAX_CHARS characters; empty when the
 * fold carries no index (folds made before briefs had one). Children past the bound are named by id only.
 */
export function renderIndex(state: FoldState, fold: FoldRecord): string {
  if (fold.index === undefined) return "";
  // A fold of folds gives most of its room to its children's lines, which say where each path sits.
  const lines = [
    listLine("files", fold.index.paths, fold.children.length > 0 ? 140 : 220),
    listLine("commands", fold.index.commands, 140),
    listLine("terms", fold.index.terms, 140),
  ].filter((line): line is string => line !== null);
  const children = fold.children.map((id) => state.folds[id]).filter((child) => child !== undefined);
  let used = lines.reduce((total, line) => total + line.length + 1, 0);
  const unnamed: string[] = [];
  for (const child of children) {
    const line = childLine(child, 110);
    const reserve = 40;
    if (unnamed.length === 0 && used + line.length + 1 + reserve <= INDEX_MAX_CHARS) {
      lines.push(line);
      used += line.length + 1;
    } else unnamed.push(child.id);
  }
  if (unnamed.length > 0) lines.push(oneLine(`- also ${unnamed.join(", ")}`, INDEX_MAX_CHARS - used));
  return lines.join("\n").slice(0, INDEX_MAX_CHARS);
}
