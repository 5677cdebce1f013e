// Reading a real Pi session's entries over RPC, as the real-Pi suites check them.
import assert from "node:assert/strict";
import type { PiProcess } from "./pi-rpc.ts";

/** A session entry, read structurally: only the fields the suites look at. */
export interface Entry {
  type: string;
  id: string;
  customType?: string;
  data?: {
    folds: Record<
      string,
      { leaves: string[]; children: string[]; sha256: string; parent: string | null; expanded: boolean; brief: string }
    >;
    commits: { agentMarks: string[]; refused: { mark: string }[] }[];
  };
  message?: { role: string; content?: unknown };
  summary?: string;
  label?: string;
}

export async function sessionEntries(pi: PiProcess): Promise<Entry[]> {
  const response = await pi.send({ type: "get_entries" });
  return (response.data as { entries: Entry[] }).entries;
}

/** The newest fold state snapshot on the session; fails the test when none was persisted. */
export function latestState(list: readonly Entry[]): NonNullable<Entry["data"]> {
  const state = list
    .filter((entry) => entry.type === "custom" && entry.customType === "powercontext-fold.state")
    .at(-1)?.data;
  assert.ok(state !== undefined, "a state snapshot was persisted");
  return state;
}

/** The entry of one stage with this role whose content contains `text`; fails the test when there is none. */
export function stageEntry(list: readonly Entry[], stage: number, role: string, text: string): Entry {
  const found = list.find(
    (entry) => entry.message?.role === role && JSON.stringify(entry.message.content).includes(text),
  );
  assert.ok(found !== undefined, `stage ${stage}: no ${role} entry with ${text}`);
  return found;
}
