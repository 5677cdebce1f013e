// The projected view of one request (projection, token total, per-message digests), memoized across requests: while
// the fold state is unchanged and the request only appends, the next view is the previous one plus the new tail.
import { visibleCollapsed } from "./fold.ts";
import { project, type Projection } from "./projection.ts";
import type { FoldState, Item, Message } from "./types.ts";

/** Per-message measures, memoized by the caller (by entry id and revision, by fold id and brief). */
export interface Measures {
  itemTokens(item: Item): number;
  itemDigest(item: Item): string;
  briefTokens(fold: string, message: Message): number;
  briefDigest(fold: string, message: Message): string;
}

export interface View {
  state: FoldState;
  /** Number of items the view covers. */
  count: number;
  projection: Projection;
  tokens: number;
  digests: string[];
  /** Every visible collapsed fold was found in the window, so none can appear in a later tail. */
  located: boolean;
}

/** Builds the view from scratch. */
export function buildView(state: FoldState, items: readonly Item[], measures: Measures): View {
  const projection = project(state, items);
  let tokens = 0;
  const digests: string[] = [];
  projection.sources.forEach((source, position) => {
    const message = projection.messages[position] as Message;
    if (source < 0) {
      const fold = projection.nodes[position] as string;
      tokens += measures.briefTokens(fold, message);
      digests.push(measures.briefDigest(fold, message));
    } else {
      const item = items[source] as Item;
      tokens += measures.itemTokens(item);
      digests.push(measures.itemDigest(item));
    }
  });
  const located = projection.folds.length === visibleCollapsed(state).length;
  return { state, count: items.length, projection, tokens, digests, located };
}

/**
 * The previous view extended by the new tail, or null when it cannot be: the state changed, items before `kept`
 * changed, or a visible fold was missing from the previous window. Equal to `buildView` (tested).
 */
export function extendView(
  previous: View,
  state: FoldState,
  items: readonly Item[],
  kept: number,
  measures: Measures,
): View | null {
  if (previous.state !== state || !previous.located || kept !== previous.count || kept > items.length) return null;
  const old = previous.projection;
  const messages = old.sources.map((source, position) =>
    source < 0 ? (old.messages[position] as Message) : (items[source] as Item).message,
  );
  const nodes = old.nodes.slice();
  const sources = old.sources.slice();
  const digests = previous.digests.slice();
  let tokens = previous.tokens;
  for (let position = kept; position < items.length; position += 1) {
    const item = items[position] as Item;
    messages.push(item.message);
    nodes.push(item.id);
    sources.push(position);
    tokens += measures.itemTokens(item);
    digests.push(measures.itemDigest(item));
  }
  return {
    state,
    count: items.length,
    projection: { messages, nodes, folds: old.folds, sources },
    tokens,
    digests,
    located: true,
  };
}
