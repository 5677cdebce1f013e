// flush_memory: process at most one window of pending Sources into candidates, reviews and Memory (contract §7.1).
import { containsSecret, type FlushMemoryRequest, type FlushMemoryResponse } from "@powercontext/protocol";
import { termSimilarity } from "../../search/analyze.ts";
import type { NewCandidate, Store } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import type { ExtractedCandidate } from "../extract/types.ts";
import { buildEntryVersion } from "../memory/new-entry.ts";
import { reviewCandidate } from "../review/policy.ts";

export const FLUSH_WINDOW = 100;
export const CANDIDATE_ID_PREFIX = "mcand_";
/** Term-set similarity at or above which a candidate restates an existing entry. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;
const COMMIT_ATTEMPTS = 3;

export async function flushMemory(deps: DomainDeps, request: FlushMemoryRequest): Promise<FlushMemoryResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const window = await deps.store.readJournalWindow(request.scope_id, FLUSH_WINDOW);
    const last = window.sources.at(-1);
    if (!last) {
      return {
        status: "idle",
        previous_cursor: window.cursor,
        current_cursor: window.cursor,
        high_watermark: window.high_watermark,
        processed_source_count: 0,
        memory: null,
      };
    }
    // Sources are redacted at capture; a candidate that still carries a secret (an extractor joining fragments,
    // a model echoing one) never becomes a candidate.
    const extracted = (await deps.extractor.extract(window.sources)).filter(
      (candidate) => !containsSecret(`${candidate.kind}\n${candidate.text}`),
    );
    const candidates = await reviewAll(deps, request.scope_id, extracted);
    const result = await deps.store.commitFlush({
      scope_id: request.scope_id,
      previous_cursor: window.cursor,
      current_cursor: last.position,
      candidates,
      now: deps.clock.now().toISOString(),
    });
    if (result.status === "committed") {
      return {
        status: "processed",
        previous_cursor: window.cursor,
        current_cursor: last.position,
        high_watermark: window.high_watermark,
        processed_source_count: window.sources.length,
        memory: result.memory,
      };
    }
    // Another flush committed this window first; the next attempt reads the window after it.
    if (attempt >= COMMIT_ATTEMPTS) {
      const now = await deps.store.readJournalWindow(request.scope_id, 0);
      return {
        status: "idle",
        previous_cursor: now.cursor,
        current_cursor: now.cursor,
        high_watermark: now.high_watermark,
        processed_source_count: 0,
        memory: null,
      };
    }
  }
}

async function reviewAll(
  deps: DomainDeps,
  scopeId: string,
  extracted: readonly ExtractedCandidate[],
): Promise<NewCandidate[]> {
  const candidates: NewCandidate[] = [];
  for (const candidate of extracted) {
    const entry = buildEntryVersion(deps.ids, {
      kind: candidate.kind,
      text: candidate.text,
      source_refs: candidate.source_refs,
    });
    const nearDuplicate = await findNearDuplicate(deps.store, scopeId, entry.search_text);
    candidates.push({
      candidate_id: deps.ids.next(CANDIDATE_ID_PREFIX),
      proposal: { kind: candidate.kind, text: candidate.text },
      confidence: candidate.confidence,
      extractor: candidate.extractor ?? deps.extractor.name,
      source_refs: candidate.source_refs,
      disposition: reviewCandidate(deps.reviewPolicy, candidate.confidence, entry, nearDuplicate),
    });
  }
  return candidates;
}

/** The id of an active entry whose analyzed terms nearly equal `searchText`'s, or null. */
export async function findNearDuplicate(store: Store, scopeId: string, searchText: string): Promise<string | null> {
  const terms = searchText.split(" ").filter((term) => term !== "");
  const unique = [...new Set(terms)];
  if (unique.length === 0) return null;
  const { hits } = await store.searchMemory({ scope_id: scopeId, terms: unique.slice(0, 64), limit: 5 });
  for (const hit of hits) {
    if (termSimilarity(terms, hit.search_text.split(" ")) >= NEAR_DUPLICATE_SIMILARITY)
      return hit.entry.citation.entry_id;
  }
  return null;
}
