import assert from "node:assert/strict";
import { before, test, type TestContext } from "node:test";
import pg from "pg";
import { PowerContextError } from "../../errors.ts";
import { freshSchemaUrl, requirePostgres, TEST_DATABASE_URL } from "../../testing/postgres.ts";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import { makeEntry, makeSource } from "../contract/builders.ts";
import { parseDatabaseUrl } from "./connection.ts";
import { MIGRATIONS } from "./migrations.ts";
import { openPostgresStore } from "./postgres-store.ts";
import { UNNAMED_SESSION } from "../types/search.ts";

before(() => requirePostgres());

/** Runs one statement on the URL's schema, outside any store. */
async function sqlOn(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: parseDatabaseUrl(url).connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh schema URL whose schema is dropped when the test ends, whatever state it was left in. */
function schemaForTest(t: TestContext): string {
  const url = freshSchemaUrl();
  t.after(() => sqlOn(TEST_DATABASE_URL, `DROP SCHEMA IF EXISTS ${parseDatabaseUrl(url).schema} CASCADE`));
  return url;
}

test("a database created by every older schema version upgrades without losing rows", async (t) => {
  assert.ok(MIGRATIONS.length >= 2, "there is an older version to upgrade from");
  for (let version = 1; version < MIGRATIONS.length; version += 1) {
    const url = schemaForTest(t);
    const old = await openPostgresStore(url, { schemaVersion: version });
    await old.captureSource(makeSource({ source_id: "kept" }));
    const remembered = await rememberEntry(old, {
      scope_id: "scope-a",
      entry: makeEntry("Kept across upgrades."),
      reason: null,
      expected_revision: null,
      now: "2026-01-01T00:00:00Z",
    });
    await old.close();
    assert.equal(remembered.status, "written");
    assert.deepEqual(await sqlOn(url, "SELECT version FROM powercontext_schema"), [{ version }]);

    const upgraded = await openPostgresStore(url);
    t.after(() => upgraded.close());
    assert.equal((await upgraded.findSource("scope-a", "kept"))?.position, 1);
    const entries = await upgraded.listEntries("scope-a", false);
    assert.deepEqual(
      entries.entries.map((e) => e.text),
      ["Kept across upgrades."],
    );
    assert.equal((await upgraded.searchMemory({ scope_id: "scope-a", terms: ["upgrades"], limit: 5 })).hits.length, 1);
    assert.deepEqual(
      (await upgraded.listCandidates({ scope_id: "scope-a", status: "pending", cursor: null, limit: 5 })).candidates,
      [],
    );
    assert.deepEqual(await sqlOn(url, "SELECT version FROM powercontext_schema"), [{ version: MIGRATIONS.length }]);
  }
});

test("a database with a newer schema than this Server knows is refused and left as it was", async (t) => {
  const url = schemaForTest(t);
  await (await openPostgresStore(url)).close();
  await sqlOn(url, `UPDATE powercontext_schema SET version = ${MIGRATIONS.length + 1}`);
  await assert.rejects(
    openPostgresStore(url),
    (error: unknown) =>
      error instanceof PowerContextError &&
      error.code === "schema_too_new" &&
      /newer than this Server knows/.test(error.message),
  );
  assert.deepEqual(await sqlOn(url, "SELECT version FROM powercontext_schema"), [{ version: MIGRATIONS.length + 1 }]);
});

test("Servers opening one new database at the same moment migrate it once, without racing", async (t) => {
  const url = schemaForTest(t);
  const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)));
  t.after(() => Promise.all(stores.map((store) => store.close())));
  assert.deepEqual(await sqlOn(url, "SELECT version FROM powercontext_schema"), [{ version: MIGRATIONS.length }]);
  const [first, second] = stores;
  await first?.captureSource(makeSource({ source_id: "one" }));
  assert.equal((await second?.findSource("scope-a", "one"))?.position, 1);
});

test("an unreachable database is a clear runtime_not_ready error", async () => {
  await assert.rejects(
    openPostgresStore("postgres://postgres@127.0.0.1:1/test"),
    (error: unknown) =>
      error instanceof PowerContextError &&
      error.code === "runtime_not_ready" &&
      /PostgreSQL at 127\.0\.0\.1:1\/test is unreachable/.test(error.message),
  );
});

test("the migration to one vector per model keeps the stored vectors, and another model's are stored beside them", async (t) => {
  const url = schemaForTest(t);
  const old = await openPostgresStore(url, { schemaVersion: MIGRATIONS.length - 1 });
  await rememberEntry(old, {
    scope_id: "scope-a",
    entry: makeEntry("A vector stored before the upgrade."),
    reason: null,
    expected_revision: null,
    now: "2026-01-01T00:00:00Z",
  });
  const page = { after_key: 0, limit: 10 };
  const versionId = (await old.readVectorHeads("scope-a", "builtin-old", 0, page)).heads[0]?.entry_version_id;
  await old.close();
  assert.ok(versionId && /^[\w-]+$/.test(versionId));
  // The schema before the migration, written as that Server wrote it.
  await sqlOn(
    url,
    `INSERT INTO entry_vector (entry_version_id, scope_id, model, vector)
     VALUES ('${versionId}', 'scope-a', 'builtin-old', '\\x010203'::bytea)`,
  );

  const upgraded = await openPostgresStore(url);
  t.after(() => upgraded.close());
  const vectorOf = async (model: string) =>
    (await upgraded.readVectorHeads("scope-a", model, 0, page)).heads.map((head) => head.vector && [...head.vector]);
  assert.deepEqual(await vectorOf("builtin-old"), [[1, 2, 3]]);
  await upgraded.putEntryVectors("endpoint-new", [
    { scope_id: "scope-a", entry_version_id: versionId, vector: Uint8Array.of(9) },
  ]);
  assert.deepEqual(await vectorOf("builtin-old"), [[1, 2, 3]]);
  assert.deepEqual(await vectorOf("endpoint-new"), [[9]]);
  await upgraded.putEntryVectors("endpoint-new", [
    { scope_id: "scope-a", entry_version_id: versionId, vector: Uint8Array.of(8) },
  ]);
  assert.deepEqual(await vectorOf("endpoint-new"), [[8]]);
  assert.deepEqual(await upgraded.scopesMissingVectors("builtin-old"), []);
  assert.deepEqual(await upgraded.scopesMissingVectors("endpoint-new"), []);
  assert.deepEqual(await upgraded.scopesMissingVectors("another"), ["scope-a"]);
});

test("the migrations to session origins and to the stream of Sources naming none backfill the versions before them", async (t) => {
  const url = schemaForTest(t);
  const old = await openPostgresStore(url, { schemaVersion: MIGRATIONS.length - 2 });
  const sources = [
    makeSource({ metadata: { origin: "test", session_id: "s-1" } }),
    makeSource({ metadata: { origin: "test", session_id: "s-1" } }),
    makeSource({ metadata: { origin: "test", session_id: 7 } }),
    makeSource({ metadata: { origin: "test" } }),
    // PostgreSQL's JSON operators refuse to read this one: the backfill leaves it out rather than fail.
    makeSource({ metadata: { origin: "test", session_id: "s-\u0000" } }),
  ];
  for (const source of sources) await old.captureSource(source);
  const versionIds: string[] = [];
  for (const text of ["Cites the first Source.", "Cites the second and the others."]) {
    const remembered = await rememberEntry(old, {
      scope_id: "scope-a",
      entry: makeEntry(text),
      reason: null,
      expected_revision: null,
      now: "2026-01-01T00:00:00Z",
    });
    assert.ok(remembered.status === "written" && remembered.entry);
    versionIds.push(remembered.entry.citation.entry_version_id);
  }
  await old.close();
  // The citations as the older Server wrote them, in the versions' rows (this Server would also index them, in the
  // table the older schema lacks).
  const refs = (positions: number[]) =>
    JSON.stringify(positions.map((position) => ({ name: "content", source_id: sources[position - 1]?.source_id })));
  const [first, second] = versionIds;
  assert.ok(first && second && /^[\w-]+$/.test(first + second));
  await sqlOn(url, `UPDATE entry_version SET source_refs = '${refs([1])}' WHERE entry_version_id = '${first}'`);
  await sqlOn(
    url,
    `UPDATE entry_version SET source_refs = '${refs([2, 3, 4, 5, 2])}' WHERE entry_version_id = '${second}'`,
  );

  const upgraded = await openPostgresStore(url);
  t.after(() => upgraded.close());
  assert.deepEqual(await upgraded.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 2 }], 4, 10), [
    { entry_version_id: second, session_id: "s-1", position: 2 },
    { entry_version_id: first, session_id: "s-1", position: 1 },
  ]);
  // Sources 3 (a session that is no string) and 4 (none) are the stream's: one entry, read where it is nearest.
  assert.deepEqual(
    await upgraded.readSessionNeighbours("scope-a", [{ session_id: UNNAMED_SESSION, position: 4 }], 4, 10),
    [{ entry_version_id: second, session_id: UNNAMED_SESSION, position: 4 }],
  );
  assert.deepEqual(
    await upgraded.readSessionNeighbours("scope-a", [{ session_id: "s-\u0000", position: 5 }], 0, 10),
    [],
  );
});
