export { openSqliteStore, type SqliteOptions } from "./sqlite-store.ts";
export { MIGRATIONS } from "./migrations.ts";
