// What can be checked of a purge on PostgreSQL: no row of any table in the store's schema holds the purged text
// afterwards (the marker is checked to be in some row before, so the scan can fail), and the session origins of what
// each purge removes go with it. What VACUUM FULL does and does not guarantee about the bytes on disk is in
// docs/security.md.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { fillScope } from "../contract/lifecycle.contract.ts";
import { NOW } from "../contract/builders.ts";
import { captureSessions, cite } from "../contract/session-neighbours.contract.ts";
import { TEST_DATABASE_URL, freshSchemaUrl, openTestPostgresStore } from "../../testing/postgres.ts";
import { parseDatabaseUrl } from "./connection.ts";

const MARKER = "zqxleakedtoken7731";

/** The tables of `schema` with a row whose text holds the marker. */
async function tablesHoldingMarker(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'",
      [schema],
    );
    const holding: string[] = [];
    for (const { name } of tables.rows) {
      const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
      const found = await client.query(`SELECT 1 FROM ${table} t WHERE t::text LIKE $1 LIMIT 1`, [`%${MARKER}%`]);
      if (found.rowCount) holding.push(name);
    }
    return holding;
  } finally {
    await client.end();
  }
}

test("purging a Source and the entry citing it leaves the text in no row of any table, statistics included", async (t) => {
  const url = freshSchemaUrl();
  const schema = new URL(url).searchParams.get("schema") ?? "";
  const store = await openTestPostgresStore(url);
  t.after(() => store.close());
  const { sourceId, entryId } = await fillScope(store, MARKER);
  assert.ok((await tablesHoldingMarker(schema)).includes("term_stat"), "the marker reached the tables");
  const source = await store.purgeSource("scope-a", sourceId, NOW);
  assert.deepEqual(source.status === "purged" && source.entries_citing_source, [entryId]);
  const entry = await store.purgeEntry("scope-a", entryId, NOW);
  assert.equal(entry.status === "purged" && entry.compacted, true);
  assert.deepEqual(await tablesHoldingMarker(schema), []);
  assert.equal((await store.listPurges("scope-a")).length, 2);
});

test("purging a scope leaves its text in no row of any table", async (t) => {
  const url = freshSchemaUrl();
  const schema = new URL(url).searchParams.get("schema") ?? "";
  const store = await openTestPostgresStore(url);
  t.after(() => store.close());
  await fillScope(store, MARKER);
  assert.notDeepEqual(await tablesHoldingMarker(schema), []);
  assert.equal((await store.purgeScope("scope-a", NOW)).status, "purged");
  assert.deepEqual(await tablesHoldingMarker(schema), []);
});

test("each purge deletes the session origins of what it removes", async (t) => {
  const url = freshSchemaUrl();
  const store = await openTestPostgresStore(url);
  t.after(() => store.close());
  const origins = async (): Promise<unknown[][]> => {
    const client = new pg.Client({ connectionString: parseDatabaseUrl(url).connectionString });
    await client.connect();
    try {
      const result = await client.query<{ position: string; entry_version_id: string }>(
        "SELECT position, entry_version_id FROM entry_origin ORDER BY position",
      );
      return result.rows.map((row) => [Number(row.position), row.entry_version_id]);
    } finally {
      await client.end();
    }
  };
  const ids = await captureSessions(store, ["s-1", "s-1", "s-1"]);
  const twice = (await cite(store, "Cites the first and second Sources.", ids, [1, 2])).citation;
  const third = (await cite(store, "Cites the third Source.", ids, [3])).citation;
  assert.deepEqual(await origins(), [
    [1, twice.entry_version_id],
    [2, twice.entry_version_id],
    [3, third.entry_version_id],
  ]);
  await store.purgeSource("scope-a", ids[1] ?? "", NOW);
  assert.deepEqual(await origins(), [
    [1, twice.entry_version_id],
    [3, third.entry_version_id],
  ]);
  await store.purgeEntry("scope-a", third.entry_id, NOW);
  assert.deepEqual(await origins(), [[1, twice.entry_version_id]]);
  await store.purgeScope("scope-a", NOW);
  assert.deepEqual(await origins(), []);
});
