// PostgreSQL text cannot hold U+0000, which JSON strings (and so our API) can carry and SQLite stores as is. Every
// string parameter is encoded and every string column decoded, so that such values round-trip unchanged.
// A string holding U+0000, or starting with the marker U+FFFF, is stored as the marker followed by its JSON form
// (which escapes U+0000); every other string is stored as it is. The mapping is injective, so equality and keys keep
// working, and it never touches the strings we generate (ids, digests, analyzed terms).

const MARKER = "\uFFFF";

export function encodeText(value: string): string {
  return value.includes("\u0000") || value.startsWith(MARKER) ? `${MARKER}${JSON.stringify(value)}` : value;
}

export function decodeText(value: string): string {
  return value.startsWith(MARKER) ? (JSON.parse(value.slice(MARKER.length)) as string) : value;
}
