// Picks the Store adapter from configuration. The adapter is imported dynamically so one engine never loads another's driver.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
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
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { openSqliteStore } = await import("./sqlite/index.ts");
  return openSqliteStore(join(config.dataDir, SQLITE_FILE_NAME), { synchronous: config.sqliteSynchronous });
}
