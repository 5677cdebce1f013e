// Splitting a prompt into what the person wrote (prose) and what they pasted (fenced blocks, logs, stack traces,
// code lines): the question lives in the prose, and pasted material drowns it when every term counts the same.

export interface PromptParts {
  prose: string;
  pasted: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TIMESTAMP = /^\s*\[?(\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2})/;
const STACK_FRAME = /^\s*(at\s+\S.*[:(]\d+|File "[^"]*", line \d+|Traceback \(most recent call last\))/;
const INDENTED = /^(\t| {4,})\S/;
const CODE_EDGE =
  /[;{}]\s*$|^\s*[}\])]|=>|\(\);|^\s*(import|export|const|let|var|function|def|class|return|if|for|while)\b.*[=({:]/;
const DIFF_HUNK = /^@@ |^(\+\+\+|---) [ab/]/;
const KEY_VALUE = /\b[\w.-]+=\S/g;
const LETTER = /\p{L}/u;
const SPACE = /\s/;

/**
 * Never throws; linear in `text`. Text without line breaks is all prose. A prose line ending in ":" right before
 * pasted lines ("Here's the log:") introduces the paste and goes with it.
 */
export function splitPrompt(text: string): PromptParts {
  if (!text.includes("\n")) return { prose: text, pasted: "" };
  const lines = text.split(/\r\n|\r|\n/);
  const pastedAt = classifyLines(lines);
  let next = false;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i] as string;
    if (line.trim() === "") continue;
    if (!pastedAt[i] && next && line.trimEnd().endsWith(":")) pastedAt[i] = true;
    next = pastedAt[i] === true;
  }
  const prose: string[] = [];
  const pasted: string[] = [];
  for (const [i, line] of lines.entries()) (pastedAt[i] ? pasted : prose).push(line);
  return { prose: prose.join("\n"), pasted: pasted.join("\n") };
}

/** Whether each line is pasted: inside a fence (fences included) or pasted-looking on its own. */
function classifyLines(lines: readonly string[]): boolean[] {
  const pastedAt: boolean[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      pastedAt.push(true);
      if (fenceMatch?.[1] !== undefined && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length)
        fence = null;
      continue;
    }
    if (fenceMatch?.[1] !== undefined) {
      fence = fenceMatch[1];
      pastedAt.push(true);
      continue;
    }
    pastedAt.push(isPastedLine(line));
  }
  return pastedAt;
}

/** A log line, a stack frame, a diff header, indented or punctuation-heavy code. */
export function isPastedLine(line: string): boolean {
  if (line.trim() === "") return false;
  if (
    TIMESTAMP.test(line) ||
    STACK_FRAME.test(line) ||
    INDENTED.test(line) ||
    DIFF_HUNK.test(line) ||
    CODE_EDGE.test(line)
  )
    return true;
  return hasTwoKeyValues(line) || isSymbolHeavy(line);
}

function hasTwoKeyValues(line: string): boolean {
  if (!line.includes("=")) return false;
  KEY_VALUE.lastIndex = 0;
  return KEY_VALUE.exec(line) !== null && KEY_VALUE.exec(line) !== null;
}

/** At least 20 visible characters, fewer than 55 % of them letters. One pass; no allocation for ASCII. */
function isSymbolHeavy(line: string): boolean {
  let visible = 0;
  let letters = 0;
  for (let i = 0; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if (code < 0x80) {
      if (code <= 0x20) continue;
      visible += 1;
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) letters += 1;
      continue;
    }
    const char = line.charAt(i);
    if (SPACE.test(char)) continue;
    visible += 1;
    if (LETTER.test(char)) letters += 1;
  }
  return visible >= 20 && letters < visible * 0.55;
}
