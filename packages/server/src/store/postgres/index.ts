export { openPostgresStore, type PostgresOptions, type PostgresStore } from "./postgres-store.ts";
export { MIGRATIONS } from "./migrations.ts";
