// `powercontext memory search | list` against the configured Server.
import type { ListMemoryEntriesResponse, SearchMemoryResponse } from "@powercontext/protocol";
import { callOk, type ServerTarget } from "./server-client.ts";

export async function searchMemoryCommand(
  target: ServerTarget,
  options: { scope: string; query: string; limit?: number },
): Promise<SearchMemoryResponse> {
  return callOk(target, "search_memory", {
    scope_id: options.scope,
    query: options.query,
    limit: options.limit ?? 10,
  });
}

export async function listMemoryCommand(
  target: ServerTarget,
  options: { scope: string; includeInactive?: boolean },
): Promise<ListMemoryEntriesResponse> {
  return callOk(target, "list_memory_entries", {
    scope_id: options.scope,
    include_inactive: options.includeInactive ?? false,
  });
}

/** One hit a line: score, entry id and text; or that nothing matched. */
export function describeSearchResult(result: SearchMemoryResponse): string {
  if (result.hits.length === 0) return "No matches.";
  return result.hits.map((hit) => `${hit.score.toFixed(3)}  ${hit.citation.entry_id}  ${hit.text}`).join("\n");
}

/** One entry a line: id, version, state, kind and text; or that there are none. */
export function describeEntryListing(listing: ListMemoryEntriesResponse): string {
  if (listing.entries.length === 0) return "No entries.";
  return listing.entries
    .map((entry) => `${entry.citation.entry_id}  v${entry.version}  ${entry.state}  ${entry.kind}  ${entry.text}`)
    .join("\n");
}
