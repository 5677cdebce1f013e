// The custom entries a persisted Pi session holds, read from its JSONL files (the real-Pi suites' view of what the
// package appended: responses, fallback messages, Stop markers).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every custom entry or message of `customType` in the session files under `sessionDir`, oldest first. */
export function sessionEntries(sessionDir: string, customType: string): Record<string, unknown>[] {
  const files = readdirSync(sessionDir, { recursive: true, encoding: "utf8" }).filter((name) =>
    name.endsWith(".jsonl"),
  );
  return files.flatMap((name) =>
    readFileSync(join(sessionDir, name), "utf8")
      .split("\n")
      .filter((line) => line.includes(customType))
      .map((line) => JSON.parse(line) as { customType?: string; data?: Record<string, unknown> })
      .filter((entry) => entry.customType === customType)
      .map((entry) => entry.data ?? {}),
  );
}
