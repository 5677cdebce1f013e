// The ranking every recall uses (memory search in `auto` mode and context/prepare): the lexical ranking (BM25 over our
// analyzer, nudged by kind, recency and pasted material; scores in [0, 1]) plus a weighted bonus for meaning: how far
// an entry's built-in word-vector similarity to the prompt lies above MIN_SIMILARITY. A semantic neighbour that
// shares no word with the prompt can thus be recalled, and one that the lexical ranking also found rises. Adding
// scores beat reciprocal-rank fusion on every figure of the quality benchmark (docs/benchmarks.md): ranks throw away
// how sure the lexical match is, so a strong lexical first hit was displaced by any entry both rankings held.
import type { ArtifactReference } from "@powercontext/protocol";
import { shapePrompt } from "../../search/query.ts";
import { rankHits, type RankedHit } from "../../search/rank.ts";
import type { VectorIndex, VectorNeighbour } from "../../search/semantic/vector-index.ts";
import type { MemorySearchHit, Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";

/** Hits fetched from the lexical index per requested hit, so that admission and re-ranking have room to work. */
const OVERFETCH = 4;
const MIN_FETCH = 32;
/** Semantic neighbours considered per recall. */
export const SEMANTIC_CANDIDATES = 32;
/** The most that meaning can add to an entry's lexical score (which is at most 1). */
export const SEMANTIC_WEIGHT = 0.3;
/**
 * A semantic neighbour less similar than this is no evidence of meaning (every text is somewhat near every other in
 * a mean of word vectors) and is ignored.
 */
export const MIN_SIMILARITY = 0.5;

export type Channel = "fts" | "vector";

export interface RecallHit extends RankedHit {
  matched_by: Channel[];
}

export interface RecallRanking {
  memory: ArtifactReference | null;
  ranked: RecallHit[];
  /** Whether the semantic ranking took part (false without the built-in layer, or when the prompt has no known word). */
  semantic: boolean;
}

/** The fusion's settings; the defaults above were chosen on the quality benchmark (docs/benchmarks.md). */
export interface RecallTuning {
  semanticCandidates: number;
  semanticWeight: number;
  minSimilarity: number;
}

export const DEFAULT_TUNING: RecallTuning = {
  semanticCandidates: SEMANTIC_CANDIDATES,
  semanticWeight: SEMANTIC_WEIGHT,
  minSimilarity: MIN_SIMILARITY,
};

export interface RecallDeps {
  store: Store;
  /** The built-in semantic layer, or null to rank lexically only. */
  semantic: VectorIndex | null;
  tuning?: RecallTuning;
}

/** The best `limit` hits for `query`, best first, with scores in [0, 1]. */
export async function rankRecall(
  deps: RecallDeps,
  scopeId: string,
  query: string,
  limit: number,
): Promise<RecallRanking> {
  const { terms, focus, text } = await shapePrompt(deps.store, scopeId, query);
  const lexical = await deps.store.searchMemory({
    scope_id: scopeId,
    terms,
    limit: Math.max(MIN_FETCH, limit * OVERFETCH),
  });
  const tuning = deps.tuning ?? DEFAULT_TUNING;
  const neighbours = await semanticNeighbours(deps, scopeId, text, tuning);
  if (lexical.memory === null && neighbours === null) return { memory: null, ranked: [], semantic: false };
  const revision = lexical.memory?.revision ?? 0;
  const ranked = rankHits(lexical.hits, terms, revision, { focus });
  if (neighbours === null || neighbours.length === 0)
    return { memory: lexical.memory, ranked: lexicalOnly(ranked, limit), semantic: false };
  const fused = fuse(ranked, neighbours, tuning);
  const missing = fused.filter((item) => item.hit === undefined).map((item) => item.entry_version_id);
  const extra = missing.length > 0 ? await deps.store.readSearchHits(scopeId, missing) : { memory: null, hits: [] };
  const byVersion = new Map(extra.hits.map((hit) => [hit.entry.citation.entry_version_id, hit]));
  const memory = lexical.memory ?? extra.memory;
  const best = 1 + tuning.semanticWeight;
  const out: RecallHit[] = [];
  for (const item of fused) {
    const hit = item.hit ?? byVersion.get(item.entry_version_id);
    if (hit === undefined) continue;
    const citation = memory ? { ...hit.entry.citation, memory_ref: memory } : hit.entry.citation;
    out.push({
      hit: { ...hit, entry: { ...hit.entry, citation } },
      score: Math.min(1, item.score / best),
      matched_terms: item.matched_terms,
      matched_by: item.matched_by,
    });
    if (out.length >= limit) break;
  }
  return { memory, ranked: out, semantic: true };
}

function lexicalOnly(ranked: readonly RankedHit[], limit: number): RecallHit[] {
  return ranked.slice(0, limit).map((item) => ({ ...item, matched_by: ["fts"] }));
}

/** The prompt's semantic neighbours above MIN_SIMILARITY, or null when the layer is off or knows no prompt word. */
async function semanticNeighbours(
  deps: RecallDeps,
  scopeId: string,
  text: string,
  tuning: RecallTuning,
): Promise<VectorNeighbour[] | null> {
  if (deps.semantic === null) return null;
  const vector = deps.semantic.embedder.embed(scrubText(text));
  if (vector === null) return null;
  const neighbours = await deps.semantic.nearest(scopeId, vector, tuning.semanticCandidates);
  return neighbours.filter((neighbour) => neighbour.similarity >= tuning.minSimilarity);
}

interface FusedItem {
  entry_version_id: string;
  hit: MemorySearchHit | undefined;
  score: number;
  matched_terms: number;
  matched_by: Channel[];
}

/** Lexical score plus the semantic bonus, best first; ties keep the lexical order, then the semantic order. */
function fuse(lexical: readonly RankedHit[], semantic: readonly VectorNeighbour[], tuning: RecallTuning): FusedItem[] {
  const { semanticWeight, minSimilarity } = tuning;
  const items = new Map<string, FusedItem>();
  for (const ranked of lexical) {
    const id = ranked.hit.entry.citation.entry_version_id;
    items.set(id, {
      entry_version_id: id,
      hit: ranked.hit,
      score: ranked.score,
      matched_terms: ranked.matched_terms,
      matched_by: ["fts"],
    });
  }
  for (const neighbour of semantic) {
    const contribution = (semanticWeight * (neighbour.similarity - minSimilarity)) / (1 - minSimilarity);
    const item = items.get(neighbour.entry_version_id);
    if (item) {
      item.score += contribution;
      item.matched_by.push("vector");
    } else {
      items.set(neighbour.entry_version_id, {
        entry_version_id: neighbour.entry_version_id,
        hit: undefined,
        score: contribution,
        matched_terms: 0,
        matched_by: ["vector"],
      });
    }
  }
  return [...items.values()].sort((a, b) => b.score - a.score);
}
