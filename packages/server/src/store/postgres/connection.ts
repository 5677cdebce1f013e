// The database URL → pool settings. Our own query parameters (`schema`, `pool_max`) are taken out of the URL; the
// rest (host, port, database, user, password, sslmode, options, …) goes to the driver unchanged.
import { PowerContextError } from "../../errors.ts";

/** Connections per Server process unless the URL says otherwise (`?pool_max=`). */
export const DEFAULT_POOL_MAX = 10;
const MAX_POOL_MAX = 1000;
/** Lowercase so that the name needs no quoting in `search_path` or in SQL. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Session settings for our short OLTP statements, before the URL's own `options` (which may override them): no JIT
 * compilation (it costs more than such queries take), and random reads costed as on SSD or cached data, so that
 * search reads a scope's matching entries through the GIN index instead of scanning the whole table.
 */
const SESSION_SETTINGS = "-c jit=off -c random_page_cost=1.1";

export interface DatabaseTarget {
  /** The URL handed to the driver: ours minus `schema` and `pool_max`, plus session settings in `options`. */
  connectionString: string;
  /** The schema every table lives in, or null for the connection's own search_path (usually `public`). */
  schema: string | null;
  poolMax: number;
  /** host:port/database, without credentials, for messages. */
  label: string;
  /** The role the URL connects as (no password), for messages; the driver's default when the URL names none. */
  role: string;
}

function invalid(message: string): PowerContextError {
  return new PowerContextError("configuration_invalid", message);
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new PowerContextError("configuration_invalid", "The PostgreSQL URL is not a valid URL.", { cause: error });
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw invalid("The PostgreSQL URL must start with postgres:// or postgresql://.");
  }
  const schema = parsed.searchParams.get("schema");
  if (schema !== null && !SCHEMA_NAME.test(schema)) {
    throw invalid(`The schema name must match ${SCHEMA_NAME.source}; got "${schema}".`);
  }
  const poolText = parsed.searchParams.get("pool_max");
  const poolMax = poolText === null ? DEFAULT_POOL_MAX : Number(poolText);
  if (!Number.isInteger(poolMax) || poolMax < 1 || poolMax > MAX_POOL_MAX) {
    throw invalid(`pool_max must be an integer 1–${MAX_POOL_MAX}; got "${poolText}".`);
  }
  parsed.searchParams.delete("schema");
  parsed.searchParams.delete("pool_max");
  const options = [
    SESSION_SETTINGS,
    parsed.searchParams.get("options"),
    schema === null ? null : `-c search_path=${schema}`,
  ];
  parsed.searchParams.set("options", options.filter((part) => part !== null).join(" "));
  const database = decodeURIComponent(parsed.pathname.slice(1)) || "(default database)";
  return {
    connectionString: parsed.toString(),
    schema,
    poolMax,
    label: `${parsed.hostname || "localhost"}:${parsed.port || "5432"}/${database}`,
    role: decodeURIComponent(parsed.username) || "(the operating-system user)",
  };
}
