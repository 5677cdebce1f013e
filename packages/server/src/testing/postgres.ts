// PostgreSQL for tests: the CI database, a fresh schema per use, and a loud failure when it cannot be reached.
// The PostgreSQL tests are never skipped: without a database they fail with the message below.
import { randomBytes } from "node:crypto";
import { PowerContextError } from "../errors.ts";
import { openPostgresStore, type PostgresOptions } from "../store/postgres/index.ts";
import type { Store } from "../store/types.ts";

/** The database CI provides (.ci/run starts it): trust auth on 127.0.0.1:5432, database `test`. */
export const TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** A URL naming a schema that does not exist yet (`pc_test_<random>`); the first store opened on it creates it. */
export function freshSchemaUrl(): string {
  return `${TEST_DATABASE_URL}?schema=pc_test_${randomBytes(8).toString("hex")}`;
}

/**
 * Opens a store on `url` (a fresh schema by default) that drops its schema when closed. Throws a clear error naming
 * the missing database when PostgreSQL is unreachable.
 */
export async function openTestPostgresStore(
  url: string = freshSchemaUrl(),
  options: PostgresOptions = {},
): Promise<Store> {
  try {
    return await openPostgresStore(url, { dropSchemaOnClose: true, ...options });
  } catch (error) {
    if (error instanceof PowerContextError && error.code === "runtime_not_ready") {
      throw new Error(
        `The PostgreSQL tests need PostgreSQL at ${TEST_DATABASE_URL} (trust auth) and could not reach it: ` +
          `${error.message}. Start it (.ci/run does: pg_ctlcluster <version> main start); these tests are never skipped.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Fails with the message above unless PostgreSQL answers (for tests whose first use of it is in a child process). */
export async function requirePostgres(): Promise<void> {
  await (await openTestPostgresStore()).close();
}
