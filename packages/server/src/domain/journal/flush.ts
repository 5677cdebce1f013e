// flush_memory: process at most one window of pending Sources into candidates, reviews and Memory (contract §7.1).
import { containsSecret, type FlushMemoryRequest, type FlushMemoryResponse } from "@powercontext/protocol";
import type { JournalWindow } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import type { ExtractedCandidate } from "../extract/types.ts";
import { findNearDuplicate } from "../memory/duplicates.ts";
import { buildEntryVersion } from "../memory/new-entry.ts";
import { reviewCandidate } from "../review/policy.ts";
import { commitFlush, type ReviewedCandidate } from "./commit-flush.ts";

export const FLUSH_WINDOW = 100;
export const CANDIDATE_ID_PREFIX = "mcand_";
const COMMIT_ATTEMPTS = 3;

export async function flushMemory(deps: DomainDeps, request: FlushMemoryRequest): Promise<FlushMemoryResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const window = await deps.store.readJournalWindow(request.scope_id, FLUSH_WINDOW);
    const last = window.sources.at(-1);
    if (!last) return idle(window);
    // Sources are redacted at capture; a candidate that still carries a secret (an extractor joining fragments,
    // a model echoing one) never becomes a candidate.
    const extracted = (await deps.extractor.extract(window.sources)).filter(
      (candidate) => !containsSecret(`${candidate.kind}\n${candidate.text}`),
    );
    const candidates = await reviewAll(deps, request.scope_id, extracted);
    const result = await commitFlush(deps.store, {
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
    if (attempt >= COMMIT_ATTEMPTS) return idle(await deps.store.readJournalWindow(request.scope_id, 0));
  }
}

/** Nothing processed: the cursor stays where the window found it. */
function idle(window: Pick<JournalWindow, "cursor" | "high_watermark">): FlushMemoryResponse {
  return {
    status: "idle",
    previous_cursor: window.cursor,
    current_cursor: window.cursor,
    high_watermark: window.high_watermark,
    processed_source_count: 0,
    memory: null,
  };
}

async function reviewAll(
  deps: DomainDeps,
  scopeId: string,
  extracted: readonly ExtractedCandidate[],
): Promise<ReviewedCandidate[]> {
  const candidates: ReviewedCandidate[] = [];
  for (const candidate of extracted) {
    const entry = buildEntryVersion(deps.ids, {
      kind: candidate.kind,
      text: candidate.text,
      source_refs: candidate.source_refs,
    });
    const nearDuplicate = await findNearDuplicate(deps.store, scopeId, entry);
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
