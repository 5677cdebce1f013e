// The opaque cursors of the catalog's pages: the sort key of the last item served, versioned and base64url-encoded.
import { invalidField } from "./input-checks.ts";

const PREFIX = "c1.";
const DEFAULT_PAGE_SIZE = 50;

export function encodePageCursor(key: string): string {
  return PREFIX + Buffer.from(key, "utf8").toString("base64url");
}

/** The sort key a cursor names, or null for the first page; a cursor this Server did not issue is refused. */
export function decodePageCursor(cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined) return null;
  const encoded = cursor.slice(PREFIX.length);
  if (!cursor.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(encoded))
    throw invalidField("cursor", "is not a cursor this Server issued");
  const key = Buffer.from(encoded, "base64url").toString("utf8");
  if (encodePageCursor(key) !== cursor) throw invalidField("cursor", "is not a cursor this Server issued");
  return key;
}

/** One page out of `limit + 1` rows read: the first `limit`, and the cursor after them when more remain. */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (item: T) => string,
): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last !== undefined ? encodePageCursor(keyOf(last)) : null };
}

export function pageSize(limit: number | undefined): number {
  return limit ?? DEFAULT_PAGE_SIZE;
}
