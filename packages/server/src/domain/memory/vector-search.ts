// Vector and hybrid memory search over a widened lexical candidate set: there is no vector index, so the candidates
// are the entries the FTS query returns (before admission), re-scored by cosine similarity to the query.
import type { ArtifactReference } from "@powercontext/protocol";
import { cosineSimilarity, fuseRankings, RRF_K } from "../../search/fuse.ts";
import type { Embedder } from "../../search/embeddings/types.ts";
import { shapePrompt } from "../../search/query.ts";
import { rankHits } from "../../search/rank.ts";
import type { MemorySearchHit, Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";

/** Lexical candidates fetched per requested hit for vector scoring, and at least this many. */
const CANDIDATES_PER_HIT = 8;
const MIN_CANDIDATES = 64;
/** Characters of the query sent to the embedder; a pasted prompt's tail adds little to one vector. */
const MAX_QUERY_CHARS = 8000;

export interface ChannelHit {
  hit: MemorySearchHit;
  /** In [0, 1]: the cosine for `vector`, the fused score over its maximum for `hybrid`. */
  score: number;
  matched_by: Array<"fts" | "vector">;
}

export type VectorSearch =
  | { status: "ok"; memory: ArtifactReference | null; hits: ChannelHit[] }
  /** The embedder failed; the caller falls back to lexical search. */
  | { status: "unavailable" };

/**
 * `vector`: candidates with a positive cosine, best first. `hybrid`: reciprocal-rank fusion (k = RRF_K) of the
 * lexical ranking (admitted hits, as `fts` ranks them) and that vector ranking. `matched_by` names the rankings that
 * hold the hit (for `vector`, only "vector").
 */
export async function searchByVector(
  deps: { store: Store; embedder: Embedder },
  { scope_id, query, limit, mode }: { scope_id: string; query: string; limit: number; mode: "vector" | "hybrid" },
): Promise<VectorSearch> {
  const { terms, focus, text } = await shapePrompt(deps.store, scope_id, query);
  const result = await deps.store.searchMemory({
    scope_id,
    terms,
    limit: Math.max(MIN_CANDIDATES, limit * CANDIDATES_PER_HIT),
  });
  if (result.memory === null || result.hits.length === 0 || limit < 1)
    return { status: "ok", memory: result.memory, hits: [] };
  const embedded = await deps.embedder.embed([
    // The same part of the prompt the lexical terms came from: pasted logs and code would dominate one mean vector.
    // Scrubbed before the cut, which could otherwise split a secret into a head the detector does not recognise.
    scrubText(text).slice(0, MAX_QUERY_CHARS),
    ...result.hits.map((hit) => scrubText(hit.entry.text)),
  ]);
  if (embedded.status !== "ok") return { status: "unavailable" };
  const [queryVector = [], ...vectors] = embedded.vectors;
  const byId = new Map(result.hits.map((hit) => [hit.entry.citation.entry_id, hit]));
  const vectorRanking = result.hits
    .map((hit, order) => ({ hit, order, cosine: cosineSimilarity(queryVector, vectors[order] ?? []) }))
    .filter((candidate) => candidate.cosine > 0)
    .sort((a, b) => b.cosine - a.cosine || a.order - b.order);
  if (mode === "vector") {
    return {
      status: "ok",
      memory: result.memory,
      hits: vectorRanking
        .slice(0, limit)
        .map(({ hit, cosine }) => ({ hit, score: Math.min(1, cosine), matched_by: ["vector"] })),
    };
  }
  const ftsIds = rankHits(result.hits, terms, result.memory.revision, { focus }).map(
    ({ hit }) => hit.entry.citation.entry_id,
  );
  const vectorIds = vectorRanking.map(({ hit }) => hit.entry.citation.entry_id);
  const inFts = new Set(ftsIds);
  const inVector = new Set(vectorIds);
  const bestPossible = 2 / (RRF_K + 1);
  return {
    status: "ok",
    memory: result.memory,
    hits: fuseRankings([ftsIds, vectorIds])
      .slice(0, limit)
      .map(({ id, score }) => ({
        hit: byId.get(id) as MemorySearchHit,
        score: Math.min(1, score / bestPossible),
        matched_by: [...(inFts.has(id) ? ["fts" as const] : []), ...(inVector.has(id) ? ["vector" as const] : [])],
      })),
  };
}
