// Browsing a scope's Memory for people: a search ranked exactly as recall ranks (search-memory.ts in `auto` mode), or
// the head's entries filtered by kind and state, a page at a time.
import type { ArtifactReference, MemoryEntry } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { searchMemory } from "../memory/search-memory.ts";

export type StateFilter = "active" | "inactive" | "all";

export interface BrowseQuery {
  scope_id: string;
  /** Blank lists entries; otherwise a search (active entries only, best first). */
  query: string;
  /** Blank for every kind. */
  kind: string;
  state: StateFilter;
  offset: number;
  limit: number;
}

export interface BrowsedEntry {
  entry: MemoryEntry;
  /** The recall ranking's score, for a search. */
  score: number | null;
}

export interface MemoryPage {
  memory: ArtifactReference | null;
  /** Entries matching the filters (for a search: hits kept, at most SEARCH_LIMIT). */
  total: number;
  entries: BrowsedEntry[];
  /** The kinds present in the head, for the kind filter. */
  kinds: string[];
}

/** The most hits a search returns (the search operation's own maximum). */
export const SEARCH_LIMIT = 50;

export async function browseMemory(
  deps: Pick<DomainDeps, "store" | "semantic" | "endpoint" | "embedder">,
  query: BrowseQuery,
): Promise<MemoryPage> {
  const listing = await deps.store.listEntries(query.scope_id, true);
  const kinds = [...new Set(listing.entries.map((entry) => entry.kind))].sort();
  const matches = (entry: MemoryEntry): boolean =>
    (query.kind === "" || entry.kind === query.kind) && (query.state === "all" || entry.state === query.state);
  if (query.query.trim() === "") {
    const filtered = listing.entries.filter(matches);
    const entries = filtered.slice(query.offset, query.offset + query.limit).map((entry) => ({ entry, score: null }));
    return { memory: listing.memory, total: filtered.length, entries, kinds };
  }
  const found = await searchMemory(deps, {
    scope_id: query.scope_id,
    query: query.query,
    limit: SEARCH_LIMIT,
    mode: "auto",
  });
  const byId = new Map(listing.entries.map((entry) => [entry.citation.entry_id, entry]));
  const hits: BrowsedEntry[] = [];
  for (const hit of found.hits) {
    const entry = byId.get(hit.citation.entry_id);
    if (entry && matches(entry)) hits.push({ entry, score: hit.score });
  }
  return {
    memory: listing.memory,
    total: hits.length,
    entries: hits.slice(query.offset, query.offset + query.limit),
    kinds,
  };
}
