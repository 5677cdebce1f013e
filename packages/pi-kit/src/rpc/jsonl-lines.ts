// Pi's RPC framing: one JSON value per line, split on "\n" only. readline would also split on U+2028/U+2029, which
// may stand inside a JSON string, so lines are split here.

export type RpcRecord = Record<string, unknown>;

/** What a line that is not a JSON object becomes: kept (marked, cut to 200 characters) or dropped. */
export type InvalidLines = "keep" | "skip";

/** Feeds chunks of stdout; calls `onRecord` for each complete, non-blank line. */
export function createLineReader(
  invalidLines: InvalidLines,
  onRecord: (record: RpcRecord) => void,
): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      const record = parseRecord(line);
      if (record !== null) onRecord(record);
      else if (invalidLines === "keep") onRecord({ invalid_line: line.slice(0, 200) });
    }
  };
}

function parseRecord(line: string): RpcRecord | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as RpcRecord) : null;
  } catch {
    return null;
  }
}
