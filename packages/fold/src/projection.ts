// The projected window: raw entries, with every visible collapsed fold replaced in place by its brief.
import { indexById, locate, visibleCollapsed } from "./fold.ts";
import type { FoldRecord, FoldState, Item, Message } from "./types.ts";

export interface Projection {
  messages: Message[];
  /** One id per projected message: the entry id, or the fold id for a brief. */
  nodes: string[];
  /** Visible collapsed folds in window order. */
  folds: string[];
  /** One item index per projected message, or -1 for a brief. */
  sources: number[];
}

/** The text a collapsed fold shows: its brief, then the suggestion its commit carried, when it carried one. */
export function briefText(fold: FoldRecord): string {
  return fold.suggestion === undefined ? fold.brief : `${fold.brief}\n${fold.suggestion}`;
}

/** The message a collapsed fold projects as; fixed by the record, so its bytes never change between requests. */
export function briefMessage(fold: FoldRecord, first: Message | undefined): Message {
  return {
    role: "user",
    content: [{ type: "text", text: briefText(fold) }],
    timestamp: typeof first?.timestamp === "number" ? first.timestamp : 0,
  };
}

/** Pure and deterministic: the same state and items always give the same bytes. */
export function project(state: FoldState, items: readonly Item[]): Projection {
  const index = indexById(items);
  const starts = new Map<number, FoldRecord>();
  for (const fold of visibleCollapsed(state)) {
    const start = locate(fold, items, index);
    if (start !== null) starts.set(start, fold);
  }
  const messages: Message[] = [];
  const nodes: string[] = [];
  const folds: string[] = [];
  const sources: number[] = [];
  for (let position = 0; position < items.length; ) {
    const fold = starts.get(position);
    if (fold !== undefined) {
      messages.push(briefMessage(fold, items[position]?.message));
      nodes.push(fold.id);
      folds.push(fold.id);
      sources.push(-1);
      position += fold.leaves.length;
      continue;
    }
    const item = items[position] as Item;
    messages.push(item.message);
    nodes.push(item.id);
    sources.push(position);
    position += 1;
  }
  return { messages, nodes, folds, sources };
}
