// Opening a SQLite database: pragmas for durability and concurrency, forward-only migrations, transactions.
import { DatabaseSync } from "node:sqlite";
import { PowerContextError } from "../../errors.ts";
import { MIGRATIONS } from "./migrations.ts";
import { stmt } from "./statements.ts";

export interface SqliteOptions {
  /** Apply migrations up to this version only (tests build older databases with it). Defaults to the latest. */
  schemaVersion?: number;
  /** `full` fsyncs the WAL on every commit; `normal` survives a process crash but not a power loss. */
  synchronous?: "full" | "normal";
  busyTimeoutMs?: number;
}

/** The connection's page cache, in KiB. */
const PAGE_CACHE_KIB = 16 * 1024;

export function openDatabase(path: string, options: SqliteOptions = {}): DatabaseSync {
  const { schemaVersion = MIGRATIONS.length, synchronous = "full", busyTimeoutMs = 5000 } = options;
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    if (path !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${synchronous === "full" ? "FULL" : "NORMAL"}`);
    db.exec("PRAGMA foreign_keys = ON");
    // 16 MiB of page cache rather than SQLite's 2 MiB: a recall's full-text query and the rows it reads then stay in
    // memory between requests instead of being copied from the OS again (about 0.2 ms of 3 per recall at 10,000
    // entries, docs/benchmarks.md).
    db.exec(`PRAGMA cache_size = ${-PAGE_CACHE_KIB}`);
    migrate(db, schemaVersion);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersionOf(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  return row.user_version;
}

function migrate(db: DatabaseSync, target: number): void {
  const current = schemaVersionOf(db);
  if (current > MIGRATIONS.length) {
    throw new PowerContextError(
      "schema_too_new",
      `The database schema is version ${current}, newer than this Server knows (${MIGRATIONS.length}). Upgrade PowerContext.`,
    );
  }
  for (let version = current + 1; version <= target; version += 1) {
    transaction(db, () => {
      // Another process opening the same file may have applied it while this one waited for the write lock.
      if (schemaVersionOf(db) >= version) return;
      db.exec(MIGRATIONS[version - 1] ?? "");
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
}

/** Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back on any throw. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** Runs `work` as one read snapshot, so that its statements see the same database state (inside any open transaction). */
export function readSnapshot<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  stmt(db, "BEGIN").run();
  try {
    return work();
  } finally {
    if (db.isTransaction) stmt(db, "COMMIT").run();
  }
}
