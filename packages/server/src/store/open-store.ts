// Picks the Store adapter from configuration. The adapter is imported dynamically so one engine never loads another's driver.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PowerContextError } from "../errors.ts";
import type { Store } from "./types.ts";

export interface StoreConfig {
  /** Data directory of the embedded store. */
  dataDir: string;
  /** A `postgres://…` URL selects PostgreSQL; null keeps the embedded store. */
  databaseUrl: string | null;
  sqliteSynchronous: "full" | "normal";
}

export const SQLITE_FILE_NAME = "powercontext.sqlite";

export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.databaseUrl !== null) {
    const { openPostgresStore } = await import("./postgres/index.ts");
    return openPostgresStore(config.databaseUrl);
  }
  const file = join(config.dataDir, SQLITE_FILE_NAME);
  const { openSqliteStore } = await import("./sqlite/index.ts");
  try {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    return await openSqliteStore(file, { synchronous: config.sqliteSynchronous });
  } catch (error) {
    throw unusableDataDir(error, config.dataDir, file);
  }
}

/**
 * A data directory that cannot be created or written, or a database file that cannot be opened, named by its path
 * (SQLite alone says only "unable to open database file"). Our own errors (a newer schema, …) pass through.
 */
function unusableDataDir(error: unknown, dataDir: string, file: string): unknown {
  if (error instanceof PowerContextError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new PowerContextError(
    "configuration_invalid",
    `The data directory ${dataDir} cannot be used: ${reason} (database file ${file}). ` +
      "Make it writable for this user, or choose another with --data-dir or POWERCONTEXT_HOME.",
    { cause: error },
  );
}
