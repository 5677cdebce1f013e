// Whether a Memory citation names something the store holds (contract §7.4): a revision at or below the head, and
// the entry version the cited entry mapped to in that revision.
import type { MemoryCitation, MemoryEntry } from "@powercontext/protocol";
import type { Store } from "../../store/types.ts";

export type EntryLookup =
  | { status: "found"; entry: MemoryEntry }
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" };

/** Whether `citation` cites the Memory artifact at an existing revision of a head at `head` (0: no Memory yet). */
export function citesExistingRevision(head: number, citation: MemoryCitation): boolean {
  const ref = citation.memory_ref;
  return (
    head > 0 && ref.family === "memory" && ref.artifact_id === "memory" && ref.revision >= 1 && ref.revision <= head
  );
}

/**
 * The cited entry as it stood at the cited revision, given what the store holds there (`at`, read only for an existing
 * revision). The entry keeps the caller's citation.
 */
export function checkCitation(head: number, citation: MemoryCitation, at: MemoryEntry | null): EntryLookup {
  if (!citesExistingRevision(head, citation)) return { status: "artifact_not_found" };
  if (!at || at.citation.entry_version_id !== citation.entry_version_id) return { status: "memory_not_found" };
  return { status: "found", entry: { ...at, citation } };
}

/** Reads what `citation` needs from the store: the entry at the cited revision, when that revision exists. */
export async function readCited(
  store: Store,
  scopeId: string,
  head: number,
  citation: MemoryCitation,
): Promise<MemoryEntry | null> {
  if (!citesExistingRevision(head, citation)) return null;
  return store.readEntryAt(scopeId, citation.entry_id, citation.memory_ref.revision);
}

export async function lookupEntry(store: Store, scopeId: string, citation: MemoryCitation): Promise<EntryLookup> {
  const head = (await store.getMemoryHead(scopeId))?.revision ?? 0;
  return checkCitation(head, citation, await readCited(store, scopeId, head, citation));
}
