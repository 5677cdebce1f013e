// The projected view of one request (projection, token total, per-message measures), memoized across requests: while
// the fold state is unchanged and the request only appends, the next view is the previous one plus the new tail.
import { visibleCollapsed } from "./fold.ts";
import type { MessageMeasure } from "./message-measure.ts";
import { project, type Projection } from "./projection.ts";
import type { FoldState, Item, Message } from "./types.ts";

/** Per-message measures, memoized by the caller (by entry id and revision, by fold id and brief). */
export interface Measures {
  ofItem(item: Item): MessageMeasure;
  ofBrief(fold: string, message: Message): MessageMeasure;
}

export interface View {
  state: FoldState;
  /** Number of items the view covers. */
  count: number;
  projection: Projection;
  tokens: number;
  /** One per projected message, in projection order. */
  perMessage: MessageMeasure[];
  /** Every visible collapsed fold was found in the window, so none can appear in a later tail. */
  located: boolean;
}

/** Builds the view from scratch. */
export function buildView(state: FoldState, items: readonly Item[], measures: Measures): View {
  const projection = project(state, items);
  let tokens = 0;
  const perMessage = projection.sources.map((source, position) => {
    const measure =
      source < 0
        ? measures.ofBrief(projection.nodes[position] as string, projection.messages[position] as Message)
        : measures.ofItem(items[source] as Item);
    tokens += measure.tokens;
    return measure;
  });
  const located = projection.folds.length === visibleCollapsed(state).length;
  return { state, count: items.length, projection, tokens, perMessage, located };
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
  const perMessage = previous.perMessage.slice();
  let tokens = previous.tokens;
  for (let position = kept; position < items.length; position += 1) {
    const item = items[position] as Item;
    messages.push(item.message);
    nodes.push(item.id);
    sources.push(position);
    const measure = measures.ofItem(item);
    tokens += measure.tokens;
    perMessage.push(measure);
  }
  return {
    state,
    count: items.length,
    projection: { messages, nodes, folds: old.folds, sources },
    tokens,
    perMessage,
    located: true,
  };
}
