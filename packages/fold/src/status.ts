// The status report: occupancy against the one serving budget, pending marks, commits, and the rewrite ledger.
import type { ServingBudget } from "./budget.ts";
import { lastDigests, type Ledger } from "./ledger.ts";
import type { Projection } from "./projection.ts";
import { estimatePending, type TokensOf } from "./schedule.ts";
import { textOf } from "./transcript.ts";
import type { FoldState, Item, Thresholds } from "./types.ts";

export const STATUS_RECENT = 40;

export interface StatusInput {
  /** Messages on the session's branch now; null when unknown. */
  sessionMessages?: number | null;
  state: FoldState;
  items: readonly Item[];
  projection: Projection;
  tokens: number;
  budget: ServingBudget;
  thresholds: Thresholds;
  ledger: Ledger;
  tokensOf: TokensOf;
}

/** The status report: what `/fold status --json` shows and what the person's summary is made from. */
export type FoldStatus = ReturnType<typeof statusOf>;

export function buildStatus(input: StatusInput): FoldStatus {
  return statusOf(input);
}

function statusOf({
  sessionMessages = null,
  state,
  items,
  projection,
  tokens,
  budget,
  thresholds,
  ledger,
  tokensOf,
}: StatusInput) {
  const pending = estimatePending(state, items, budget.tokens, tokensOf);
  const byId = new Map(items.map((item) => [item.id, item]));
  const recent = projection.nodes.slice(-STATUS_RECENT).map((node) => {
    const fold = state.folds[node];
    if (fold !== undefined)
      return { id: node, kind: "fold", leaves: fold.leaves.length, from: fold.leaves[0], to: fold.leaves.at(-1) };
    const item = byId.get(node);
    return {
      id: node,
      role: item?.message.role,
      tokens: item === undefined ? 0 : tokensOf(item),
      text: textOf(item?.message ?? { role: "" }).slice(0, 60),
    };
  });
  return {
    occupancy: budget.tokens > 0 ? Number((tokens / budget.tokens).toFixed(4)) : null,
    tokens,
    capacityAccounting: {
      budgetTokens: budget.tokens,
      source: budget.source,
      descriptor: budget.descriptor,
      reservation: budget.reservation,
    },
    thresholds,
    folds: {
      total: Object.keys(state.folds).length,
      visible: projection.folds.length,
      expanded: Object.values(state.folds)
        .filter((fold) => fold.expanded)
        .map((fold) => fold.id),
    },
    protections: state.protections,
    automatic: {
      scheduling: {
        pendingMarks: state.marks.map((mark) => ({
          id: mark.id,
          kind: mark.kind,
          origin: mark.origin,
          from: mark.from,
          to: mark.to,
          fold: mark.fold,
        })),
        estimatedFreeShare: Number(pending.freeShare.toFixed(4)),
        estimatedRewriteTokens: pending.rewriteTokens,
      },
      commits: state.commits.slice(-5),
    },
    cache: {
      requests: ledger.requests,
      pureAppends: ledger.appends,
      projectionRewrites: ledger.rewrites,
      unattributedRewrites: ledger.unattributedRewrites,
      providerResponses: ledger.providerResponses,
      providerCacheMisses: ledger.providerCacheMisses,
      providerReportsCache: ledger.providerReportsCache,
      messageDigests: { count: ledger.sent.measures.length, last: lastDigests(ledger, STATUS_RECENT) },
    },
    session: { messages: sessionMessages },
    window: { messages: projection.nodes.length, entries: items.length, recent },
  };
}
