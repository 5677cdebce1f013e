// Memory search (contract §7.3) over the active head, with query shaping for long prompts.
import type { ArtifactReference } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import { shapePrompt } from "../../search/query.ts";
import { rankHits, type RankedHit } from "../../search/rank.ts";
import type { Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";

export type SearchMode = "auto" | "fts" | "vector" | "hybrid";

/** Hits fetched from the index per requested hit, so that admission and re-ranking have room to work. */
const OVERFETCH = 4;
const MIN_FETCH = 32;

export interface RankedSearch {
  memory: ArtifactReference | null;
  ranked: RankedHit[];
}

export async function searchRanked(store: Store, scopeId: string, query: string, limit: number): Promise<RankedSearch> {
  const { terms, focus } = await shapePrompt(store, scopeId, query);
  const result = await store.searchMemory({ scope_id: scopeId, terms, limit: Math.max(MIN_FETCH, limit * OVERFETCH) });
  if (result.memory === null) return { memory: null, ranked: [] };
  return {
    memory: result.memory,
    ranked: rankHits(result.hits, terms, result.memory.revision, { focus }).slice(0, limit),
  };
}

export interface SearchMemoryRequest {
  scope_id: string;
  query: string;
  limit?: number;
  mode?: SearchMode;
}

export interface SearchMemoryResponse {
  memory: ArtifactReference | null;
  mode: "fts" | "vector" | "hybrid" | null;
  hits: Array<{
    citation: RankedHit["hit"]["entry"]["citation"];
    text: string;
    score: number;
    matched_by: Array<"fts" | "vector">;
  }>;
}

export async function searchMemory(
  deps: { store: Store },
  request: SearchMemoryRequest,
): Promise<SearchMemoryResponse> {
  const mode = request.mode ?? "auto";
  if (mode === "vector" || mode === "hybrid") {
    throw new PowerContextError("capability_not_supported", "The requested capability is unavailable.", {
      details: { capability: mode },
    });
  }
  const { memory, ranked } = await searchRanked(deps.store, request.scope_id, request.query, request.limit ?? 10);
  if (memory === null) return { memory: null, mode: null, hits: [] };
  return {
    memory,
    mode: "fts",
    hits: ranked.map(({ hit, score }) => ({
      citation: hit.entry.citation,
      text: scrubText(hit.entry.text),
      score,
      matched_by: ["fts"],
    })),
  };
}
