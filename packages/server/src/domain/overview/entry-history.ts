// One entry's full history for people: every change with the version it left (or retired), and the Sources each
// version cites, so a reader can check a memory against the words it came from.
import type { MemoryEntry } from "@powercontext/protocol";
import type { EntryChangeStep, StoredSource, Store } from "../../store/types.ts";

export interface HistoryStep extends EntryChangeStep {
  /** The entry as this revision left it (for a retirement: the version retired, inactive). */
  entry: MemoryEntry | null;
}

export interface EntryHistory {
  /** The entry at the head, or null for an unknown entry. */
  head: MemoryEntry | null;
  steps: HistoryStep[];
  /** Every Source the versions cite, by source id (null: not found in the journal). */
  sources: Map<string, StoredSource | null>;
}

export async function readEntryHistory(
  deps: { store: Store },
  request: { scope_id: string; entry_id: string },
): Promise<EntryHistory> {
  const { store } = deps;
  const changes = await store.listEntryChanges(request.scope_id, request.entry_id);
  const steps: HistoryStep[] = [];
  for (const change of changes) {
    steps.push({ ...change, entry: await store.readEntryAt(request.scope_id, request.entry_id, change.revision) });
  }
  const memory = await store.getMemoryHead(request.scope_id);
  const head =
    memory === null || steps.length === 0
      ? null
      : await store.readEntryAt(request.scope_id, request.entry_id, memory.revision);
  const sources = new Map<string, StoredSource | null>();
  for (const step of steps) {
    for (const ref of step.entry?.source_refs ?? []) {
      if (!sources.has(ref.source_id)) {
        sources.set(ref.source_id, await store.findSource(request.scope_id, ref.source_id));
      }
    }
  }
  return { head, steps, sources };
}
