import assert from "node:assert/strict";
import { test } from "node:test";
import { PowerContextError } from "../../errors.ts";
import { DEFAULT_POOL_MAX, parseDatabaseUrl, type DatabaseTarget } from "./connection.ts";

const SETTINGS = "-c jit=off -c random_page_cost=1.1";

const PARSED: ReadonlyArray<[string, Omit<DatabaseTarget, "connectionString"> & { params: Record<string, string> }]> = [
  [
    "postgres://postgres@127.0.0.1:5432/test",
    {
      schema: null,
      poolMax: DEFAULT_POOL_MAX,
      label: "127.0.0.1:5432/test",
      role: "postgres",
      params: { options: SETTINGS },
    },
  ],
  [
    "postgres://u:secret@db.internal/pc?schema=team_a&pool_max=4",
    {
      schema: "team_a",
      poolMax: 4,
      label: "db.internal:5432/pc",
      role: "u",
      params: { options: `${SETTINGS} -c search_path=team_a` },
    },
  ],
  [
    "postgresql://u@h:6543/db?sslmode=require&options=-c%20statement_timeout%3D5000&schema=pc",
    {
      schema: "pc",
      poolMax: DEFAULT_POOL_MAX,
      label: "h:6543/db",
      role: "u",
      params: { sslmode: "require", options: `${SETTINGS} -c statement_timeout=5000 -c search_path=pc` },
    },
  ],
];

test("our parameters are taken out of the URL; session settings, the URL's options and the schema's search_path follow", () => {
  for (const [url, { params, ...expected }] of PARSED) {
    const { connectionString, ...target } = parseDatabaseUrl(url);
    assert.deepEqual(target, expected, url);
    const passed = new URL(connectionString);
    assert.deepEqual(Object.fromEntries(passed.searchParams), params, url);
    assert.equal(passed.password, new URL(url).password, url);
  }
});

const REFUSED: readonly string[] = [
  "not a url",
  "mysql://h/db",
  "postgres://h/db?schema=Team",
  "postgres://h/db?schema=a;drop",
  "postgres://h/db?schema=",
  "postgres://h/db?pool_max=0",
  "postgres://h/db?pool_max=many",
];

test("a malformed URL, schema name or pool size is a configuration error", () => {
  for (const url of REFUSED) {
    assert.throws(
      () => parseDatabaseUrl(url),
      (error: unknown) => error instanceof PowerContextError && error.code === "configuration_invalid",
      url,
    );
  }
});
