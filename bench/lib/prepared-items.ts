// Reads the items of a prepared context back out of its content block, so benchmarks can judge them one by one.
import {
  PREPARED_CONTEXT_BEGIN,
  PREPARED_CONTEXT_END,
  type PreparedContext,
  type PreparedItem,
} from "@powercontext/protocol";

/** The items of a ready PreparedContext, parsed back out of its content block. */
export function preparedItems(context: PreparedContext): PreparedItem[] {
  if (context.status !== "ready") return [];
  const begin = context.content.indexOf(PREPARED_CONTEXT_BEGIN);
  const end = context.content.lastIndexOf(PREPARED_CONTEXT_END);
  const block = context.content.slice(begin + PREPARED_CONTEXT_BEGIN.length, end);
  return (JSON.parse(block) as { items: PreparedItem[] }).items;
}
