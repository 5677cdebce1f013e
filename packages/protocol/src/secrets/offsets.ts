import type { SecretFinding, Span } from "./types.ts";

/**
 * Converts sorted, non-overlapping UTF-16 spans of `text` to findings with UTF-8 byte offsets, in one pass.
 * ASCII text (the common case) needs no conversion.
 */
export function toByteFindings(text: string, spans: readonly Span[]): SecretFinding[] {
  if (Buffer.byteLength(text, "utf8") === text.length) {
    return spans.map(({ family, start, end }) => ({ family, start, end }));
  }
  const findings: SecretFinding[] = [];
  let unit = 0;
  let byte = 0;
  const advance = (to: number): number => {
    byte += Buffer.byteLength(text.slice(unit, to), "utf8");
    unit = to;
    return byte;
  };
  for (const { family, start, end } of spans) {
    const startByte = advance(start);
    findings.push({ family, start: startByte, end: advance(end) });
  }
  return findings;
}
