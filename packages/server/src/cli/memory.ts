// `powercontext memory search | list` against the configured Server.
import { callOk, type ServerTarget } from "./server-client.ts";

export interface SearchResult {
  memory: { revision: number } | null;
  mode: string | null;
  hits: Array<{ citation: { entry_id: string }; text: string; score: number }>;
}

export interface EntryListing {
  memory: { revision: number } | null;
  entries: Array<{ citation: { entry_id: string }; kind: string; text: string; state: string; version: number }>;
}

export async function searchMemoryCommand(
  target: ServerTarget,
  options: { scope: string; query: string; limit?: number },
): Promise<SearchResult> {
  return callOk<SearchResult>(target, "POST", "/v1/memory/search", {
    scope_id: options.scope,
    query: options.query,
    limit: options.limit ?? 10,
  });
}

export async function listMemoryCommand(
  target: ServerTarget,
  options: { scope: string; includeInactive?: boolean },
): Promise<EntryListing> {
  return callOk<EntryListing>(target, "POST", "/v1/memory/entries/list", {
    scope_id: options.scope,
    include_inactive: options.includeInactive ?? false,
  });
}

/** One hit a line: score, entry id and text; or that nothing matched. */
export function describeSearchResult(result: SearchResult): string {
  if (result.hits.length === 0) return "No matches.";
  return result.hits.map((hit) => `${hit.score.toFixed(3)}  ${hit.citation.entry_id}  ${hit.text}`).join("\n");
}

/** One entry a line: id, version, state, kind and text; or that there are none. */
export function describeEntryListing(listing: EntryListing): string {
  if (listing.entries.length === 0) return "No entries.";
  return listing.entries
    .map((entry) => `${entry.citation.entry_id}  v${entry.version}  ${entry.state}  ${entry.kind}  ${entry.text}`)
    .join("\n");
}
