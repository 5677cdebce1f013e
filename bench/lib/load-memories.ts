// Loads synthetic approved Memory entries straight through a Store, in batches of 1,000 (one flush commit each).
import { buildEntryVersion } from "../../packages/server/src/domain/memory/new-entry.ts";
import { RANDOM_IDS } from "../../packages/server/src/runtime.ts";
import { commitFlush, type ReviewedCandidate } from "../../packages/server/src/domain/journal/commit-flush.ts";
import type { Store } from "../../packages/server/src/store/types.ts";
import { memoryText, random } from "./dataset.ts";
import { progress } from "./measure.ts";

const LOAD_BATCH = 1000;

/** Writes `size` entries (every third a decision) to `scopeId`; deterministic text from the seed `size`. */
export async function loadMemories(store: Store, scopeId: string, size: number): Promise<void> {
  const next = random(size);
  for (let start = 0; start < size; start += LOAD_BATCH) {
    const candidates: ReviewedCandidate[] = [];
    for (let i = start; i < Math.min(size, start + LOAD_BATCH); i += 1) {
      const entry = buildEntryVersion(RANDOM_IDS, {
        kind: i % 3 === 0 ? "decision" : "fact",
        text: memoryText(next, i),
      });
      candidates.push({
        candidate_id: RANDOM_IDS.next("mcand_"),
        proposal: { kind: entry.kind, text: entry.text },
        confidence: 1,
        extractor: "bench",
        source_refs: [],
        disposition: { status: "approved", reviewer: "policy:auto", entry, near_duplicate_of: null },
      });
    }
    await commitFlush(store, {
      scope_id: scopeId,
      previous_cursor: 0,
      current_cursor: 0,
      candidates,
      now: new Date().toISOString(),
    });
    if ((start / LOAD_BATCH) % 10 === 0) progress(`loaded ${start + candidates.length}/${size}`);
  }
}
