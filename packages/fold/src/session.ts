// One session's fold runtime: owns the state rebuilt from session entries, the ledger and the caches. No Pi imports;
// the extension entry hands it plain values and a host for the side effects.
import { runAction, type ActionOutcome, type ActionParams } from "./actions.ts";
import { fence, servingBudget, type FenceVerdict, type ModelDescriptor, type ServingBudget } from "./budget.ts";
import { canonicalBytes, messageTokens, sha256Hex } from "./digest.ts";
import { emptyState, locate } from "./fold.ts";
import type { FoldStore } from "./fold-store.ts";
import { itemsFromContext, OVERFLOW_COMPACTION_SUMMARY, type EntryLike } from "./items.ts";
import { emptyLedger, recordRequest, recordResponse, type Ledger } from "./ledger.ts";
import { project, type Projection } from "./projection.ts";
import { commit, tokensOfProjection, type TokensOf } from "./schedule.ts";
import { buildStatus } from "./status.ts";
import type { CommitRecord, FoldOptions, FoldState, Item, Message } from "./types.ts";

export const STATE_ENTRY_TYPE = "powercontext-fold.state";

export interface SessionHost {
  /** Persists a state snapshot as a custom session entry (not sent to the model). */
  persist(state: FoldState): void;
}

export type ContextDecision =
  | { kind: "unchanged" }
  | { kind: "project"; messages: Message[]; commit: CommitRecord | null }
  | { kind: "blocked"; verdict: Extract<FenceVerdict, { status: "blocked" }> };

export type CompactDecision =
  | { kind: "pass" }
  | { kind: "cancel" }
  | { kind: "rollback"; firstKeptEntryId: string; label: { entryId: string; text: string } | null };

function isState(value: unknown): value is FoldState {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { version?: unknown }).version === 1 &&
    typeof (value as { folds?: unknown }).folds === "object"
  );
}

export class FoldSession {
  readonly options: FoldOptions;
  state: FoldState = emptyState();
  ledger: Ledger = emptyLedger();
  private readonly host: SessionHost;
  private readonly store: FoldStore;
  private readonly tokenCache = new Map<string, number>();
  private readonly digestCache = new Map<string, string>();
  private items: Item[] = [];
  private projection: Projection = { messages: [], nodes: [], folds: [] };
  private budget: ServingBudget = servingBudget(undefined, undefined);
  private overflowPending = false;
  private everProjected = false;

  constructor(options: FoldOptions, host: SessionHost, store: FoldStore) {
    this.options = options;
    this.host = host;
    this.store = store;
  }

  /** Rebuilds state from the branch's latest snapshot entry (custom entries with STATE_ENTRY_TYPE). */
  load(entries: readonly { type: string; customType?: string; data?: unknown }[]): void {
    let found: FoldState | null = null;
    for (const entry of entries)
      if (entry.type === "custom" && entry.customType === STATE_ENTRY_TYPE && isState(entry.data)) found = entry.data;
    this.state = found === null ? emptyState() : structuredClone(found);
    this.ledger = emptyLedger();
    this.everProjected = Object.keys(this.state.folds).length > 0;
  }

  readonly tokensOf: TokensOf = (item) => {
    const cached = this.tokenCache.get(item.id);
    if (cached !== undefined && item.foldable) return cached;
    const tokens = messageTokens(item.message);
    if (item.foldable) this.tokenCache.set(item.id, tokens);
    return tokens;
  };

  private digestOf(node: string, message: Message): string {
    const key =
      this.state.folds[node] === undefined
        ? node
        : `${node}:${sha256Hex((this.state.folds[node] as { brief: string }).brief)}`;
    const cached = this.digestCache.get(key);
    if (cached !== undefined && !node.startsWith("@")) return cached;
    const digest = sha256Hex(JSON.stringify(message)).slice(0, 12);
    if (!node.startsWith("@")) this.digestCache.set(key, digest);
    return digest;
  }

  private save(next: FoldState, record: CommitRecord | null): void {
    this.state = next;
    if (record !== null) {
      for (const id of record.folded) {
        const fold = next.folds[id];
        const start = fold === undefined ? null : locate(fold, this.items);
        if (fold !== undefined && start !== null)
          this.store.put(
            canonicalBytes(this.items.slice(start, start + fold.leaves.length).map((item) => item.message)),
          );
      }
    }
    this.host.persist(next);
  }

  /** The `context` hook: commit at maxTarget (or after an overflow rollback), fence, record, project. */
  onContext(
    messages: readonly Message[],
    entries: readonly EntryLike[],
    model: ModelDescriptor | undefined,
  ): ContextDecision {
    this.items = itemsFromContext(messages, entries);
    this.budget = servingBudget(this.options.providerInputBudget, model);
    const { thresholds } = this.options;
    let projection = project(this.state, this.items);
    let tokens = tokensOfProjection(this.state, this.items, projection, this.tokensOf);
    let record: CommitRecord | null = null;
    if (this.overflowPending || tokens >= thresholds.maxTarget * this.budget.tokens) {
      const done = commit({
        state: this.state,
        items: this.items,
        thresholds,
        budget: this.budget.tokens,
        blacklist: this.options.blacklistAutoFoldTools,
        trigger: this.overflowPending ? "overflow" : "threshold",
        topUp: true,
        tokensOf: this.tokensOf,
      });
      this.overflowPending = false;
      record = done.record;
      if (record.folded.length > 0 || record.agentMarks.length > 0 || record.refused.length > 0)
        this.save(done.state, record);
      projection = project(this.state, this.items);
      tokens = tokensOfProjection(this.state, this.items, projection, this.tokensOf);
    }
    this.projection = projection;
    const verdict = fence(tokens, this.budget.tokens);
    if (verdict.status === "blocked") return { kind: "blocked", verdict };
    const digests = projection.messages.map((message, index) =>
      this.digestOf(projection.nodes[index] as string, message),
    );
    recordRequest(this.ledger, digests, this.state.commits.length);
    const changed = projection.folds.length > 0 || projection.messages.length !== messages.length;
    if (changed) this.everProjected = true;
    if (!this.everProjected) return { kind: "unchanged" };
    return { kind: "project", messages: projection.messages, commit: record };
  }

  /** Usage of a provider response, for the provider-side cache figures. */
  onResponse(cacheRead: number | undefined): void {
    recordResponse(this.ledger, cacheRead);
  }

  status(): Record<string, unknown> {
    const tokens = tokensOfProjection(this.state, this.items, this.projection, this.tokensOf);
    return buildStatus({
      state: this.state,
      items: this.items,
      projection: this.projection,
      tokens,
      budget: this.budget,
      thresholds: this.options.thresholds,
      ledger: this.ledger,
      tokensOf: this.tokensOf,
    });
  }

  /** Runs one agent action against the window of the latest request. Throws FoldError for refusals. */
  runAction(params: ActionParams): ActionOutcome {
    const outcome = runAction(
      {
        state: this.state,
        items: this.items,
        thresholds: this.options.thresholds,
        budget: this.budget.tokens,
        blacklist: this.options.blacklistAutoFoldTools,
        stored: (sha) => this.store.get(sha),
        status: () => this.status(),
      },
      params,
    );
    if (outcome.state !== undefined) this.save(outcome.state, outcome.commit ?? null);
    return outcome;
  }

  /** The person's commit: lands every pending mark now, without top-up. */
  commitMarks(): CommitRecord {
    const done = commit({
      state: this.state,
      items: this.items,
      thresholds: this.options.thresholds,
      budget: this.budget.tokens,
      blacklist: this.options.blacklistAutoFoldTools,
      trigger: "person",
      topUp: false,
      tokensOf: this.tokensOf,
    });
    this.save(done.state, done.record);
    return done.record;
  }

  /**
   * Native compaction by kind: manual passes through; threshold is cancelled (the fold commit at maxTarget fires
   * first); overflow with a retry becomes a rollback (Pi omits the failed attempt; we label it), then a fold commit
   * on the retried request, recorded as a compaction that keeps every entry.
   */
  onCompact(reason: string, willRetry: boolean, branch: readonly EntryLike[]): CompactDecision {
    if (reason === "manual") return { kind: "pass" };
    if (reason === "overflow" && willRetry) {
      const first = branch.find((entry) => entry.type === "message" && entry.message?.role !== "system");
      if (first === undefined) return { kind: "pass" };
      this.overflowPending = true;
      const failed = [...branch]
        .reverse()
        .find((entry) => entry.type === "message" && entry.message?.role === "assistant");
      return {
        kind: "rollback",
        firstKeptEntryId: first.id,
        label:
          failed === undefined
            ? null
            : { entryId: failed.id, text: "powercontext-fold: overflow; rolled back, folded, retried" },
      };
    }
    return { kind: "cancel" };
  }
}

export { OVERFLOW_COMPACTION_SUMMARY };
