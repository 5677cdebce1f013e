// Document frequencies of analyzer terms (how many entries of any scope hold each), as the FTS vocabulary counts them.
// Read for every recall, and the same common terms come back prompt after prompt: each connection keeps the counts it
// has read until the database changes, which one cheap query tells (this connection's change count and SQLite's
// data_version, which moves when another connection commits).
import type { DatabaseSync } from "node:sqlite";
import { arrayStmt, stmt } from "./statements.ts";

/** Terms remembered per connection; past this the memory starts afresh. */
const MAX_CACHED_TERMS = 50_000;

interface CachedCounts {
  /** The database state the counts are of: "total changes by this connection:data_version". */
  state: string;
  docs: Map<string, number>;
}

const CACHE = new WeakMap<DatabaseSync, CachedCounts>();

export function termFrequencies(db: DatabaseSync, terms: readonly string[]): Map<string, number> {
  const lookup = stmt(db, "SELECT doc FROM entry_vocab WHERE term = ?");
  // Inside a transaction the counts may be of writes a rollback undoes without a trace in either number.
  const docs = db.isTransaction ? new Map<string, number>() : cachedCounts(db);
  const frequencies = new Map<string, number>();
  for (const term of new Set(terms)) {
    let doc = docs.get(term);
    if (doc === undefined) {
      doc = (lookup.get(term) as { doc: number } | undefined)?.doc ?? 0;
      docs.set(term, doc);
    }
    frequencies.set(term, doc);
  }
  return frequencies;
}

/** The counts this connection has read, if the database has not changed since; else an empty memory. */
function cachedCounts(db: DatabaseSync): Map<string, number> {
  const row = arrayStmt(db, "SELECT total_changes(), data_version FROM pragma_data_version").get();
  const [changes, version] = row as unknown as [number, number];
  const state = `${changes}:${version}`;
  let cached = CACHE.get(db);
  if (cached === undefined || cached.state !== state || cached.docs.size > MAX_CACHED_TERMS) {
    cached = { state, docs: new Map() };
    CACHE.set(db, cached);
  }
  return cached.docs;
}
