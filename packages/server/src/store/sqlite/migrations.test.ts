import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DatabaseSync } from "node:sqlite";
import { PowerContextError } from "../../errors.ts";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import { makeEntry, makeSource } from "../contract/builders.ts";
import { openDatabase, schemaVersionOf } from "./database.ts";
import { MIGRATIONS } from "./migrations.ts";
import { openSqliteStore } from "./sqlite-store.ts";
import { UNNAMED_SESSION } from "../types/search.ts";

function tempFile(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), "pc-migrate-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "db.sqlite");
}

test("a database created by every older schema version upgrades without losing rows", async (t) => {
  for (let version = 1; version < MIGRATIONS.length; version += 1) {
    const path = tempFile(t);
    const old = await openSqliteStore(path, { schemaVersion: version });
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

    const upgraded = await openSqliteStore(path);
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
    const db = new DatabaseSync(path);
    assert.equal(schemaVersionOf(db), MIGRATIONS.length);
    db.close();
  }
});

test("a database with a newer schema than this Server knows is refused", (t) => {
  const path = tempFile(t);
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
  db.close();
  assert.throws(
    () => openDatabase(path),
    (error: unknown) => error instanceof PowerContextError && error.code === "schema_too_new",
  );
});

test("the migration to one vector per model keeps the stored vectors, and another model's are stored beside them", async (t) => {
  const path = tempFile(t);
  const old = await openSqliteStore(path, { schemaVersion: MIGRATIONS.length - 1 });
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
  assert.ok(versionId);
  // The schema before the migration, written as that Server wrote it.
  const db = new DatabaseSync(path);
  db.prepare("INSERT INTO entry_vector (entry_version_id, scope_id, model, vector) VALUES (?, ?, ?, ?)").run(
    versionId,
    "scope-a",
    "builtin-old",
    Uint8Array.of(1, 2, 3),
  );
  db.close();

  const upgraded = await openSqliteStore(path);
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
  const path = tempFile(t);
  const old = await openSqliteStore(path, { schemaVersion: MIGRATIONS.length - 2 });
  const sources = [
    makeSource({ metadata: { origin: "test", session_id: "s-1" } }),
    makeSource({ metadata: { origin: "test", session_id: "s-1" } }),
    makeSource({ metadata: { origin: "test", session_id: 7 } }),
    makeSource({ metadata: { origin: "test" } }),
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
  const db = new DatabaseSync(path);
  const cite = db.prepare("UPDATE entry_version SET source_refs = ? WHERE entry_version_id = ?");
  cite.run(refs([1]), versionIds[0] ?? "");
  cite.run(refs([2, 3, 4, 2]), versionIds[1] ?? "");
  db.close();

  const upgraded = await openSqliteStore(path);
  t.after(() => upgraded.close());
  assert.deepEqual(await upgraded.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 2 }], 4, 10), [
    { entry_version_id: versionIds[1], session_id: "s-1", position: 2 },
    { entry_version_id: versionIds[0], session_id: "s-1", position: 1 },
  ]);
  // Sources 3 (a session that is no string) and 4 (none) are the stream's: one entry, read where it is nearest.
  assert.deepEqual(
    await upgraded.readSessionNeighbours("scope-a", [{ session_id: UNNAMED_SESSION, position: 4 }], 4, 10),
    [{ entry_version_id: versionIds[1], session_id: UNNAMED_SESSION, position: 4 }],
  );
});
