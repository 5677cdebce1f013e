// The two stores every recall test through the HTTP API runs on: a fresh embedded SQLite store in memory, and a fresh
// schema of the PostgreSQL here (testing/postgres.ts).
import { openSqliteStore } from "../store/sqlite/index.ts";
import type { Store } from "../store/types.ts";
import { openTestPostgresStore } from "./postgres.ts";

export const BOTH_STORES: ReadonlyArray<[engine: string, open: () => Promise<Store>]> = [
  ["sqlite", () => openSqliteStore(":memory:")],
  ["postgres", () => openTestPostgresStore()],
];
