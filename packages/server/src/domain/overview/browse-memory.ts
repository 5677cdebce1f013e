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
  /** The scope's entry kinds, for the kind filter (listEntryPage's `kinds`). */
  kinds: string[];
}

/** The most hits a search returns (the search operation's own maximum). */
export const SEARCH_LIMIT = 50;

export async function browseMemory(
  deps: Pick<DomainDeps, "store" | "semantic" | "endpoint" | "embedder">,
  query: BrowseQuery,
): Promise<MemoryPage> {
  const { store } = deps;
  const listing = query.query.trim() === "";
  // One store read gives the page, its filtered total and the kind list; a search takes only the kinds from it.
  const page = await store.listEntryPage(
    query.scope_id,
    listing
      ? {
          kind: query.kind === "" ? null : query.kind,
          state: query.state === "all" ? null : query.state,
          offset: query.offset,
          limit: query.limit,
        }
      : { kind: null, state: null, offset: 0, limit: 0 },
  );
  const { kinds } = page;
  if (listing) {
    return {
      memory: page.memory,
      total: page.total,
      entries: page.entries.map((entry) => ({ entry, score: null })),
      kinds,
    };
  }
  const found = await searchMemory(deps, {
    scope_id: query.scope_id,
    query: query.query,
    limit: SEARCH_LIMIT,
    mode: "auto",
  });
  const ids = found.hits.map((hit) => hit.citation.entry_id);
  const { heads } = await store.readHeads(query.scope_id, { entry_ids: ids, fingerprints: [] });
  const byId = new Map(heads.map((head) => [head.entry.citation.entry_id, head.entry]));
  const matches = (entry: MemoryEntry): boolean =>
    (query.kind === "" || entry.kind === query.kind) && (query.state === "all" || entry.state === query.state);
  const hits: BrowsedEntry[] = [];
  for (const hit of found.hits) {
    const entry = byId.get(hit.citation.entry_id);
    if (entry && matches(entry)) hits.push({ entry, score: hit.score });
  }
  return {
    memory: found.memory,
    total: hits.length,
    entries: hits.slice(query.offset, query.offset + query.limit),
    kinds,
  };
}
