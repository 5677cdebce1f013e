// Memory search (contract §7.3) over the active head, with query shaping for long prompts.
import type { ArtifactReference } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import { shapePrompt } from "../../search/query.ts";
import { rankHead, rankHits, type RankedHit } from "../../search/rank.ts";
import type { Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import type { Embedder } from "../../search/embeddings/types.ts";
import { searchByVector } from "./vector-search.ts";

export type SearchMode = "auto" | "fts" | "vector" | "hybrid";

/** Hits fetched from the index per requested hit, so that admission and re-ranking have room to work. */
const OVERFETCH = 4;
const MIN_FETCH = 32;

export interface RankedSearch {
  memory: ArtifactReference | null;
  ranked: RankedHit[];
}

/**
 * Whether the caller of `searchRanked` needs no more than the first `settled` hits of `ranked` (which the hits not
 * yet read cannot displace). Without it, the caller needs all `limit`.
 */
export type RankedEnough = (ranked: RankedHit[], settled: number) => boolean;

/**
 * The best `limit` hits, ranked. The store stops reading hits once the ranked ones that the caller needs are settled
 * (see `enough`); beyond those, the returned ranking may then differ from the full one.
 */
export async function searchRanked(
  store: Store,
  scopeId: string,
  query: string,
  limit: number,
  enough: RankedEnough = (_ranked, settled) => settled >= limit,
): Promise<RankedSearch> {
  const { terms, focus } = await shapePrompt(store, scopeId, query);
  const head = { hits: -1, ranked: [] as RankedHit[] };
  const result = await store.searchMemory({
    scope_id: scopeId,
    terms,
    limit: Math.max(MIN_FETCH, limit * OVERFETCH),
    enough: (hits, nextRelevance, revision) => {
      const { ranked, settled } = rankHead(hits, terms, revision, { focus, limit }, nextRelevance);
      head.hits = hits.length;
      head.ranked = ranked;
      return enough(ranked, settled);
    },
  });
  if (result.memory === null) return { memory: null, ranked: [] };
  return {
    memory: result.memory,
    ranked:
      head.hits === result.hits.length
        ? head.ranked
        : rankHits(result.hits, terms, result.memory.revision, { focus, limit }),
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

/**
 * `auto` and `fts` are lexical. `vector` and `hybrid` need an embedder (422 `capability_not_supported` without one);
 * if the embedder fails during a request, the answer is the lexical one and says so (`mode: "fts"`).
 */
export async function searchMemory(
  deps: { store: Store; embedder?: Embedder | null },
  request: SearchMemoryRequest,
): Promise<SearchMemoryResponse> {
  const mode = request.mode ?? "auto";
  const limit = request.limit ?? 10;
  if (mode === "vector" || mode === "hybrid") {
    if (!deps.embedder) {
      throw new PowerContextError("capability_not_supported", "The requested capability is unavailable.", {
        details: { capability: mode },
      });
    }
    const found = await searchByVector(
      { store: deps.store, embedder: deps.embedder },
      { scope_id: request.scope_id, query: request.query, limit, mode },
    );
    if (found.status === "ok") {
      if (found.memory === null) return { memory: null, mode: null, hits: [] };
      return {
        memory: found.memory,
        mode,
        hits: found.hits.map(({ hit, score, matched_by }) => ({
          citation: hit.entry.citation,
          text: scrubText(hit.entry.text),
          score,
          matched_by,
        })),
      };
    }
  }
  const { memory, ranked } = await searchRanked(deps.store, request.scope_id, request.query, limit);
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
