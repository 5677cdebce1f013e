// Prepared statements are compiled once per database and reused; compiling dominates small queries.
import type { DatabaseSync, StatementSync } from "node:sqlite";

const CACHE = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function stmt(db: DatabaseSync, sql: string): StatementSync {
  let statements = CACHE.get(db);
  if (!statements) {
    statements = new Map();
    CACHE.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
