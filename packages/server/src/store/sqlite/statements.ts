// Prepared statements are compiled once per database and reused; compiling dominates small queries.
import type { DatabaseSync, StatementSync } from "node:sqlite";

const CACHE = new WeakMap<DatabaseSync, Map<string, StatementSync>>();
const ARRAY_CACHE = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function stmt(db: DatabaseSync, sql: string): StatementSync {
  return cached(CACHE, db, sql, false);
}

/**
 * `stmt` whose rows come back as arrays of column values in SELECT order. Building an object per row costs more
 * than the query itself once a query returns dozens of rows.
 */
export function arrayStmt(db: DatabaseSync, sql: string): StatementSync {
  return cached(ARRAY_CACHE, db, sql, true);
}

function cached(
  cache: WeakMap<DatabaseSync, Map<string, StatementSync>>,
  db: DatabaseSync,
  sql: string,
  arrays: boolean,
): StatementSync {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (arrays) statement.setReturnArrays(true);
    statements.set(sql, statement);
  }
  return statement;
}
