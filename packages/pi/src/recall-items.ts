// A recall block split into its cited items, so a run can send only the items the model's window does not hold yet.
// The block is the PreparedContext v1 content the Server rendered; a subset is rendered with the same function, so
// it is the same format with fewer items.
import {
  PREPARED_CONTEXT_BEGIN,
  PREPARED_CONTEXT_END,
  type PreparedItem,
  renderPreparedContent,
} from "@powercontext/protocol";
import { isObject } from "./client.ts";

/** The items of the first PreparedContext block in `text`, or null when `text` holds none that parses. */
export function recallItems(text: string): PreparedItem[] | null {
  const begin = text.indexOf(`${PREPARED_CONTEXT_BEGIN}\n`);
  const end = text.indexOf(`\n${PREPARED_CONTEXT_END}`, begin);
  if (begin < 0 || end < 0) return null;
  try {
    const body: unknown = JSON.parse(text.slice(begin + PREPARED_CONTEXT_BEGIN.length + 1, end));
    return isObject(body) && Array.isArray(body.items) ? (body.items as PreparedItem[]) : null;
  } catch {
    return null;
  }
}

/** An item's identity: its citation (a memory entry version, or an artifact). */
export function itemKey(item: PreparedItem): string {
  return JSON.stringify(item.citation);
}

/** The keys of every item the texts hold. */
export function itemKeys(texts: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of texts) for (const item of recallItems(text) ?? []) keys.add(itemKey(item));
  return keys;
}

/** The content with only the items whose key is not in `held`; null when every item is held. */
export function withoutHeld(content: string, held: ReadonlySet<string>): string | null {
  const items = recallItems(content);
  if (items === null) return content;
  const fresh = items.filter((item) => !held.has(itemKey(item)));
  if (fresh.length === 0) return null;
  return fresh.length === items.length ? content : renderPreparedContent(fresh);
}
