export { openSqliteStore, type SqliteOptions, type SqliteStore } from "./sqlite-store.ts";
export { MIGRATIONS } from "./migrations.ts";
