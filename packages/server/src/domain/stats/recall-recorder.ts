// Accumulates recall statistics in memory and writes them in batches, so prepare_context never waits on a write.
// Statistics are best-effort: a crash loses at most the unwritten batch, never an acknowledged write.
import type { RecallSample, Store } from "../../store/types.ts";
import type { RecalledSize } from "../context/prepare-context.ts";
import type { Clock } from "../deps.ts";
import { estimateTokens } from "./token-estimate.ts";

interface PendingPreparation {
  scope_id: string;
  date: string;
  ready: boolean;
  comparable: boolean;
  recalled_tokens: number;
  source_ids: string[];
  size: RecalledSize;
}

export class RecallRecorder {
  private pending: PendingPreparation[] = [];
  private readonly store: Store;
  private readonly clock: Clock;

  constructor(deps: { store: Store; clock: Clock }) {
    this.store = deps.store;
    this.clock = deps.clock;
  }

  record(
    scopeId: string,
    prepared: { ready: boolean; content: string | null; source_ids: string[]; comparable: boolean } & RecalledSize,
  ): void {
    this.pending.push({
      scope_id: scopeId,
      date: this.clock.now().toISOString().slice(0, 10),
      ready: prepared.ready,
      comparable: prepared.ready && prepared.comparable,
      recalled_tokens: prepared.content === null ? 0 : estimateTokens(prepared.content),
      source_ids: prepared.source_ids,
      size: { items: prepared.items, bytes: prepared.bytes },
    });
  }

  /** Writes everything recorded so far. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const samples = new Map<string, RecallSample>();
    // The same entries are recalled turn after turn: read and measure each cited Source once per batch.
    const sourceTokens = new Map<string, number>();
    for (const preparation of batch) {
      const key = `${preparation.scope_id}\u0000${preparation.date}`;
      const sample = samples.get(key) ?? {
        scope_id: preparation.scope_id,
        date: preparation.date,
        preparations: 0,
        ready_preparations: 0,
        comparable_preparations: 0,
        baseline_tokens: 0,
        recalled_tokens: 0,
        recalled_items: 0,
        recalled_bytes: 0,
      };
      sample.preparations += 1;
      sample.recalled_items += preparation.size.items;
      sample.recalled_bytes += preparation.size.bytes;
      if (preparation.ready) sample.ready_preparations += 1;
      if (preparation.comparable) {
        sample.comparable_preparations += 1;
        sample.recalled_tokens += preparation.recalled_tokens;
        sample.baseline_tokens += await this.baselineTokens(preparation.scope_id, preparation.source_ids, sourceTokens);
      }
      samples.set(key, sample);
    }
    await this.store.addRecallSamples([...samples.values()]);
  }

  private async baselineTokens(
    scopeId: string,
    sourceIds: readonly string[],
    known: Map<string, number>,
  ): Promise<number> {
    let tokens = 0;
    for (const sourceId of sourceIds) {
      const key = `${scopeId}\u0000${sourceId}`;
      let count = known.get(key);
      if (count === undefined) {
        const source = await this.store.findSource(scopeId, sourceId);
        count = source ? estimateTokens(source.content) : 0;
        known.set(key, count);
      }
      tokens += count;
    }
    return tokens;
  }
}
