// Memory search (contract §7.3) over the active head, with query shaping for long prompts.
import type { SearchMemoryRequest, SearchMemoryResponse } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { VectorIndex } from "../../search/semantic/vector-index.ts";
import type { Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import type { Embedder } from "../../search/embeddings/types.ts";
import { type RecallDeps, rankRecall } from "./recall-ranking.ts";
import { searchByVector } from "./vector-search.ts";

/**
 * `auto` fuses the lexical and the built-in semantic ranking (see recall-ranking.ts); `fts` is lexical only. `vector` and `hybrid` need an embedder (422 `capability_not_supported` without one);
 * if the embedder fails during a request, the answer is the lexical one and says so (`mode: "fts"`).
 */
export async function searchMemory(
  deps: { store: Store; embedder?: Embedder | null; semantic?: VectorIndex | null; endpoint?: RecallDeps["endpoint"] },
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
  const semantic = mode === "fts" ? null : (deps.semantic ?? null);
  // `vector` and `hybrid` get here only when the endpoint just failed them: the built-in layer answers.
  const endpoint = mode === "auto" ? (deps.endpoint ?? null) : null;
  const {
    memory,
    ranked,
    semantic: fused,
  } = await rankRecall({ store: deps.store, semantic, endpoint }, request.scope_id, request.query, limit);
  if (memory === null) return { memory: null, mode: null, hits: [] };
  return {
    memory,
    mode: fused ? "hybrid" : "fts",
    hits: ranked.map(({ hit, score, matched_by }) => ({
      citation: hit.entry.citation,
      text: scrubText(hit.entry.text),
      score,
      matched_by,
    })),
  };
}
