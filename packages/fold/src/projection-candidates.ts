// The projection-candidate provider a host may call: one record per fold the window shows as a brief, with what it
// would cost to keep the brief and to bring back the exact source, in window order. Reads only.
import { TOOL_NAME } from "./brief.ts";
import { estimateTokens } from "./digest.ts";
import { indexById, visibleCollapsed } from "./fold.ts";
import { briefText } from "./projection.ts";
import type { FoldContext } from "./host.ts";
import type { FoldState, Item } from "./types.ts";

/** What registerFold gives its caller: the projection-candidate provider, for a host that asks with a Pi context. */
export interface FoldRegistration {
  projectionCandidates(ctx: FoldContext): ProjectionCandidate[];
}

export interface ProjectionCandidate {
  horizon: "working";
  /** The fold id. */
  source_id: string;
  /** The SHA-256 of the fold's exact source. */
  source_version: string;
  route: { tool: string; arguments: { action: "expand"; id: string } };
  /** Estimated tokens of the brief that stands in for the span (at least 1). */
  token_cost: number;
  /** Estimated tokens of the exact source that expand would bring back (at least 1). */
  expansion_cost: number;
  /** Zero-based position among the emitted candidates. */
  rank: number;
}

/** The candidates of a window: its visible collapsed folds in window order (folds not in the window last, by id). */
export function projectionCandidates(state: FoldState, items: readonly Item[]): ProjectionCandidate[] {
  const index = indexById(items);
  const position = (leaf: string | undefined): number => index.get(leaf ?? "") ?? Number.MAX_SAFE_INTEGER;
  return visibleCollapsed(state)
    .sort((a, b) => position(a.leaves[0]) - position(b.leaves[0]) || Number(a.id.slice(1)) - Number(b.id.slice(1)))
    .map((fold, rank) => ({
      horizon: "working",
      source_id: fold.id,
      source_version: fold.sha256,
      route: { tool: TOOL_NAME, arguments: { action: "expand", id: fold.id } },
      token_cost: Math.max(1, estimateTokens(briefText(fold))),
      expansion_cost: Math.max(1, Math.ceil(fold.bytes / 4)),
      rank,
    }));
}
