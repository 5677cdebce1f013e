// Memory reads: one entry at any revision, the head's entries, and revision changes (contract §7.4, §7.5, §7.8).
import type {
  GetMemoryEntryRequest,
  ListMemoryChangesRequest,
  ListMemoryEntriesRequest,
  MemoryEntry,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { MemoryListing, MemoryRevisionChanges, Store } from "../../store/types.ts";
import { refusalError } from "../refusals.ts";
import { lookupEntry } from "./citation.ts";

export async function getMemoryEntry(deps: { store: Store }, request: GetMemoryEntryRequest): Promise<MemoryEntry> {
  const result = await lookupEntry(deps.store, request.scope_id, request.citation);
  if (result.status !== "found") throw refusalError(result.status);
  return result.entry;
}

export async function listMemoryEntries(
  deps: { store: Store },
  request: ListMemoryEntriesRequest,
): Promise<MemoryListing> {
  return deps.store.listEntries(request.scope_id, request.include_inactive ?? false);
}

export async function listMemoryChanges(
  deps: { store: Store },
  request: ListMemoryChangesRequest,
): Promise<{ memory: MemoryListing["memory"]; revisions: MemoryRevisionChanges[] }> {
  const result = await deps.store.listChanges(request.scope_id, request.since_revision ?? null);
  if (result.status === "since_beyond_head") {
    throw new PowerContextError("invalid_request", "since_revision is beyond the Memory head.");
  }
  return { memory: result.memory, revisions: result.revisions };
}
