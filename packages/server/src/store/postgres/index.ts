export { openPostgresStore, type PostgresOptions } from "./postgres-store.ts";
export { MIGRATIONS } from "./migrations.ts";
