// Text a person reads in Pi's terminal: aligned columns and lines cut to a width that fits any terminal, so a
// command's answer is a few readable lines instead of a JSON dump. Pure.

/** The widest line a command prints: Pi indents notices by one column, and 80-column terminals stay unwrapped. */
export const LINE_WIDTH = 78;

const ELLIPSIS = "…";

/** The line cut to `width` characters (code points), ending with an ellipsis when cut. */
export function fitLine(line: string, width: number = LINE_WIDTH): string {
  const chars = [...line];
  if (chars.length <= width) return line;
  return `${chars.slice(0, Math.max(0, width - 1)).join("")}${ELLIPSIS}`;
}

/** Whitespace runs (newlines included) as single spaces: a stored text shown on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export type Alignment = "left" | "right";

/**
 * Rows as aligned columns two spaces apart; `align` per column (left by default, right for figures). Each line is
 * cut to the width; trailing spaces are dropped.
 */
export function alignColumns(
  rows: readonly (readonly string[])[],
  align: readonly Alignment[] = [],
  width: number = LINE_WIDTH,
): string[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, [...cell].length);
    });
  return rows.map((row) => {
    const cells = row.map((cell, index) => {
      const pad = " ".repeat((widths[index] ?? 0) - [...cell].length);
      return align[index] === "right" ? pad + cell : cell + pad;
    });
    return fitLine(cells.join("  ").trimEnd(), width);
  });
}

/** `label  value` lines with the labels padded to one column. */
export function labelled(pairs: readonly (readonly [string, string])[], width: number = LINE_WIDTH): string[] {
  return alignColumns(pairs, ["left", "left"], width);
}

/** A byte count as a person reads it: `512 B`, `1.2 kB`, `3.4 MB` (decimal units). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A count with its noun, singular for one: `1 item`, `3 items`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** A whole number with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
