// What the completed-history compaction suites share: a Pi home with compaction settings, the persisted session's
// entries, the package's stderr log lines, and the prompts that make a run large.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HermeticHome, makeHome, type PiProcess } from "@powercontext/pi-testing";

export const COMPACTION_ENV = { POWERCONTEXT_STATE_COMPACTION: "1", POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: "1000" };

/** A home whose Pi settings are merged over retries off (e.g. `{ compaction: { keepRecentTokens: 200 } }`). */
export function compactionHome(
  baseUrl: string,
  settings: Record<string, unknown>,
  contextWindow?: number,
): HermeticHome {
  return makeHome({ baseUrl, prefix: "pc-state-compact-", settings, ...(contextWindow ? { contextWindow } : {}) });
}

/** About `tokens` tokens of text that names its run, so a request shows which runs it still carries. */
export function padding(tag: string, tokens = 1500): string {
  return `${`[${tag}] completed work of this run. `.repeat(Math.ceil((tokens * 4) / 40))}\n`;
}

export interface SessionEntry {
  type: string;
  id: string;
  customType?: string;
  summary?: string;
  firstKeptEntryId?: string;
  fromHook?: boolean;
  details?: Record<string, unknown>;
  data?: Record<string, unknown>;
  message?: { role: string; content: unknown };
}

/** Every entry of every persisted session file of the home, in file order. */
export function sessionEntries(home: HermeticHome): SessionEntry[] {
  const files = readdirSync(home.sessionDir, { recursive: true, encoding: "utf8" }).filter((name) =>
    name.endsWith(".jsonl"),
  );
  return files.flatMap((name) =>
    readFileSync(join(home.sessionDir, name), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as SessionEntry),
  );
}

export const compactions = (home: HermeticHome) => sessionEntries(home).filter((entry) => entry.type === "compaction");

/** The package's `compaction.*` log lines so far (stderr in RPC mode). */
export function compactionLog(pi: PiProcess): Record<string, unknown>[] {
  return pi
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"component":"powercontext-state"') && line.includes('"event":"compaction.'))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown>);
}

/** Waits for the first compaction line after the first `from` ones (the log is append-only). */
export async function lineAfter(pi: PiProcess, from: number): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const line = compactionLog(pi)[from];
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no compaction line after ${from}; stderr:\n${pi.stderr()}`);
}
