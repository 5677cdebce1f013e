// One session's fold runtime: owns the state rebuilt from session entries, the ledger and the caches. No Pi imports;
// the extension entry hands it plain values and a host for the side effects.
import { runAction, type ActionOutcome, type ActionParams } from "./actions.ts";
import { fence, servingBudget, type FenceVerdict, type ModelDescriptor, type ServingBudget } from "./budget.ts";
import { canonicalBytes } from "./digest.ts";
import { emptyState, locate } from "./fold.ts";
import type { FoldStore } from "./fold-store.ts";
import { type ProjectionCandidate, projectionCandidates } from "./projection-candidates.ts";
import { OVERFLOW_COMPACTION_SUMMARY, type EntryLike } from "./items.ts";
import { emptyLedger, recordRequest, recordResponse, type Ledger } from "./ledger.ts";
import { measureMessage, type MessageMeasure } from "./message-measure.ts";
import { type OccupancyNotice, occupancyCrossings } from "./notices.ts";
import type { Projection } from "./projection.ts";
import { commit, tokensOfProjection, type TokensOf } from "./schedule.ts";
import { buildStatus, type FoldStatus } from "./status.ts";
import { noteTake, suggestAtCommit } from "./suggestion.ts";
import { type Summarize, type SummaryOutcome, summarizeCommit } from "./summarizer.ts";
import type { CommitRecord, FoldOptions, FoldState, Item, Message } from "./types.ts";
import { buildView, extendView, type Measures, type View } from "./view.ts";
import { WindowIndex } from "./window-index.ts";

export const STATE_ENTRY_TYPE = "powercontext-fold.state";

export interface SessionHost {
  /** Persists a state snapshot as a custom session entry (not sent to the model). */
  persist(state: FoldState): void;
  /** The summarizer for new folds' briefs, when one is configured and resolvable for this request. */
  summarizer?: () => Summarize | null;
  /** Reports each summarizer fallback (the deterministic brief was kept). */
  onSummary?: (outcome: SummaryOutcome) => void;
}

export type ContextDecision =
  | { kind: "unchanged"; notices: OccupancyNotice[] }
  | { kind: "project"; messages: Message[]; commit: CommitRecord | null; notices: OccupancyNotice[] }
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
  private readonly itemCache = new Map<string, MessageMeasure>();
  private readonly briefCache = new Map<string, { text: string; timestamp: unknown; measure: MessageMeasure }>();
  private readonly index = new WindowIndex();
  private view: View | null = null;
  private items: Item[] = [];
  private projection: Projection = { messages: [], nodes: [], folds: [], sources: [] };
  private budget: ServingBudget = servingBudget(undefined, undefined);
  private overflowPending = false;
  private everProjected = false;
  /** The highest occupancy waypoint announced and not fallen below since (0 when none). */
  private announced = 0;

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
    this.view = null;
    this.everProjected = Object.keys(this.state.folds).length > 0;
  }

  /** An item's measures, memoized by entry id and revision; a synthetic item is measured afresh every time. */
  private itemMeasure(item: Item): MessageMeasure {
    if (!item.foldable) return measureMessage(item.message);
    const key = memoKey(item);
    const cached = this.itemCache.get(key);
    if (cached !== undefined) return cached;
    const measure = measureMessage(item.message);
    this.itemCache.set(key, measure);
    return measure;
  }

  readonly tokensOf: TokensOf = (item) => this.itemMeasure(item).tokens;

  /** A brief's measures, memoized by fold id and invalidated when its text or timestamp changes (rebrief). */
  private briefMeasure(fold: string, message: Message): MessageMeasure {
    const text = textOfBrief(message);
    const cached = this.briefCache.get(fold);
    if (cached !== undefined && cached.text === text && cached.timestamp === message.timestamp) return cached.measure;
    const measure = measureMessage(message);
    this.briefCache.set(fold, { text, timestamp: message.timestamp, measure });
    return measure;
  }

  private readonly measures: Measures = {
    ofItem: (item) => this.itemMeasure(item),
    ofBrief: (fold, message) => this.briefMeasure(fold, message),
  };

  /** Lets the summarizer write the briefs of the folds this commit created, before the commit is saved. */
  private async summarized(next: FoldState, record: CommitRecord): Promise<FoldState> {
    const summarize = record.folded.length === 0 ? null : (this.host.summarizer?.() ?? null);
    if (summarize === null) return next;
    const done = await summarizeCommit({ summarize, state: next, record, items: this.items });
    for (const outcome of done.outcomes) this.host.onSummary?.(outcome);
    return done.state;
  }

  private save(next: FoldState, record: CommitRecord | null): void {
    if (record !== null) suggestAtCommit(next, this.items, record);
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
  async onContext(
    messages: readonly Message[],
    entries: readonly EntryLike[],
    model: ModelDescriptor | undefined,
  ): Promise<ContextDecision> {
    const paired = this.index.update(messages, entries);
    this.items = paired.items;
    this.budget = servingBudget(this.options.providerInputBudget, model);
    const { thresholds } = this.options;
    let view =
      (this.view === null ? null : extendView(this.view, this.state, this.items, paired.kept, this.measures)) ??
      buildView(this.state, this.items, this.measures);
    let record: CommitRecord | null = null;
    if (this.overflowPending || view.tokens >= thresholds.maxTarget * this.budget.tokens) {
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
        this.save(await this.summarized(done.state, record), record);
      view = buildView(this.state, this.items, this.measures);
    }
    this.view = view;
    const projection = view.projection;
    this.projection = projection;
    const verdict = fence(view.tokens, this.budget.tokens);
    if (verdict.status === "blocked") return { kind: "blocked", verdict };
    recordRequest(this.ledger, { messages: projection.messages, measures: view.perMessage }, this.state.commits.length);
    const { notices, announced } = occupancyCrossings(this.announced, view.tokens / this.budget.tokens);
    this.announced = announced;
    const changed = projection.folds.length > 0 || projection.messages.length !== messages.length;
    if (changed) this.everProjected = true;
    if (!this.everProjected) return { kind: "unchanged", notices };
    return { kind: "project", messages: projection.messages, commit: record, notices };
  }

  /** Where the last projection shows an entry: its own message, or the brief of the fold that holds it. */
  positionOf(entryId: string): number | null {
    const { nodes } = this.projection;
    const position = nodes.findIndex((node) => node === entryId || this.state.folds[node]?.leaves.includes(entryId));
    return position < 0 ? null : position;
  }

  /** Usage of a provider response, for the provider-side cache figures. */
  onResponse(cacheRead: number | undefined): void {
    recordResponse(this.ledger, cacheRead);
  }

  /**
   * The status report; `sessionMessages` is how many messages the session's branch holds now (the last request may
   * lack the reply that came after it), null when it cannot be read.
   */
  status(sessionMessages: number | null = null): FoldStatus {
    const tokens = tokensOfProjection(this.state, this.items, this.projection, this.tokensOf);
    return buildStatus({
      sessionMessages,
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

  /** The visible collapsed folds as projection candidates, in the order of the latest request's window. */
  projectionCandidates(): ProjectionCandidate[] {
    return projectionCandidates(this.state, this.items);
  }

  /** Runs one agent action against the window of the latest request. Throws FoldError for refusals. */
  async runAction(params: ActionParams): Promise<ActionOutcome> {
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
    // A peek or expand of a suggested fold is its take, persisted so that a reload still knows it was taken.
    const taken = outcome.state ?? structuredClone(this.state);
    const took = (params.action === "peek" || params.action === "expand") && noteTake(taken, params.id ?? "");
    if (outcome.state !== undefined || took) {
      const record = outcome.commit ?? null;
      this.save(record === null ? taken : await this.summarized(taken, record), record);
    }
    return outcome;
  }

  /** The person's commit: lands every pending mark now, without top-up. Nothing pending is no commit: null. */
  async commitMarks(): Promise<CommitRecord | null> {
    if (this.state.marks.length === 0) return null;
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
    this.save(await this.summarized(done.state, done.record), done.record);
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

/** The memo key of an entry's measures: its id, and the edit that last replaced its content. */
function memoKey(item: Item): string {
  return item.rev === undefined ? item.id : `${item.id}#${item.rev}`;
}

function textOfBrief(message: Message): string {
  const block = Array.isArray(message.content) ? (message.content[0] as { text?: unknown } | undefined) : undefined;
  return typeof block?.text === "string" ? block.text : JSON.stringify(message.content);
}

export { OVERFLOW_COMPACTION_SUMMARY };
