// Opening a PostgreSQL store: the pool, forward-only migrations under an advisory lock, transactions.
import pg from "pg";
import { PowerContextError } from "../../errors.ts";
import type { DatabaseTarget } from "./connection.ts";
import { MIGRATIONS } from "./migrations.ts";
import { createSql, type Sql } from "./sql.ts";

export interface PostgresOptions {
  /** Apply migrations up to this version only (tests build older databases with it). Defaults to the latest. */
  schemaVersion?: number;
  /** Drop the URL's `schema` when the store closes: a throwaway schema, PostgreSQL's `:memory:` (tests only). */
  dropSchemaOnClose?: boolean;
}

export interface Database {
  pool: pg.Pool;
  target: DatabaseTarget;
  close(): Promise<void>;
}

const INT8_OID = 20;
/** int8 (positions, revisions, counts) as numbers: exact up to 2^53, far beyond any count we keep. */
function getTypeParser(oid: number, format?: "text" | "binary"): unknown {
  return oid === INT8_OID && format !== "binary"
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format);
}
const TYPES: pg.CustomTypesConfig = { getTypeParser: getTypeParser as pg.CustomTypesConfig["getTypeParser"] };
const CONNECT_TIMEOUT_MS = 10_000;
/** A Server that vanished mid-transaction (network partition) cannot hold a scope's lock longer than this. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** Opens the pool and migrates. Driver errors are left for the caller to wrap. */
export async function openDatabase(target: DatabaseTarget, options: PostgresOptions = {}): Promise<Database> {
  const { schemaVersion = MIGRATIONS.length, dropSchemaOnClose = false } = options;
  if (dropSchemaOnClose && target.schema === null) {
    throw new PowerContextError(
      "configuration_invalid",
      "dropSchemaOnClose needs a URL that names a schema (?schema=).",
    );
  }
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: target.poolMax,
    application_name: "powercontext",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    types: TYPES,
  });
  // An idle connection that breaks (a database restart) is discarded by the pool and replaced on the next query,
  // whose own error, if any, reaches the caller. Without a listener the event would crash the process.
  pool.on("error", () => undefined);
  try {
    await migrate(pool, target, schemaVersion);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    pool,
    target,
    close: () => {
      closing ??= (async () => {
        try {
          if (dropSchemaOnClose && target.schema !== null) {
            await pool.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(target.schema)} CASCADE`);
          }
        } finally {
          await pool.end();
        }
      })();
      return closing;
    },
  };
}

export async function schemaVersionOf(sql: Sql): Promise<number> {
  const row = await sql.row<{ version: number }>("SELECT version FROM powercontext_schema");
  return row?.version ?? 0;
}

/**
 * Brings the schema to `target` in one transaction, holding an advisory lock so that Servers starting together
 * migrate one at a time (the second finds the work done). Refuses a schema newer than this Server knows.
 */
async function migrate(pool: pg.Pool, target: DatabaseTarget, version: number): Promise<void> {
  await transaction(pool, async (sql) => {
    await sql.run("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
      `powercontext:migrate:${target.schema ?? (await currentSchema(sql))}`,
    ]);
    if (target.schema !== null) {
      const exists = await sql.row("SELECT 1 FROM pg_namespace WHERE nspname = $1", [target.schema]);
      if (!exists) await sql.run(`CREATE SCHEMA ${pg.escapeIdentifier(target.schema)}`);
    }
    await sql.run(
      `CREATE TABLE IF NOT EXISTS powercontext_schema (
         singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
         version integer NOT NULL
       )`,
    );
    await sql.run("INSERT INTO powercontext_schema (singleton, version) VALUES (true, 0) ON CONFLICT DO NOTHING");
    const current = await schemaVersionOf(sql);
    if (current > MIGRATIONS.length) {
      throw new PowerContextError(
        "schema_too_new",
        `The database schema is version ${current}, newer than this Server knows (${MIGRATIONS.length}). Upgrade PowerContext.`,
      );
    }
    for (let next = current + 1; next <= version; next += 1) {
      await sql.run(MIGRATIONS[next - 1] ?? "");
      await sql.run("UPDATE powercontext_schema SET version = $1", [next]);
    }
  });
}

async function currentSchema(sql: Sql): Promise<string> {
  const row = await sql.row<{ schema: string | null }>("SELECT current_schema() AS schema");
  return row?.schema ?? "";
}

/** Runs `work` on one connection inside BEGIN … COMMIT, rolling back on any throw. */
export async function transaction<T>(pool: pg.Pool, work: (sql: Sql) => Promise<T>, begin = "BEGIN"): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(createSql(client));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs several reads against one consistent snapshot. */
export function snapshot<T>(pool: pg.Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  return transaction(pool, work, "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
}
