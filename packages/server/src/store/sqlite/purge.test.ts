// What only a look at the rows can show of a purge on SQLite: the session origins of what it removes go with it (the
// contract shows what reads return; an entry's or a scope's rows are no longer read once its head is gone).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DatabaseSync } from "node:sqlite";
import { NOW } from "../contract/builders.ts";
import { captureSessions, cite } from "../contract/session-neighbours.contract.ts";
import { openSqliteStore } from "./sqlite-store.ts";

test("each purge deletes the session origins of what it removes", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pc-purge-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "db.sqlite");
  const store = await openSqliteStore(path);
  t.after(() => store.close());
  const origins = (): unknown[][] => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const rows = db.prepare("SELECT position, entry_version_id FROM entry_origin ORDER BY position").all();
      return rows.map((row) => [row.position, row.entry_version_id]);
    } finally {
      db.close();
    }
  };
  const ids = await captureSessions(store, ["s-1", "s-1", "s-1"]);
  const twice = (await cite(store, "Cites the first and second Sources.", ids, [1, 2])).citation;
  const third = (await cite(store, "Cites the third Source.", ids, [3])).citation;
  assert.deepEqual(origins(), [
    [1, twice.entry_version_id],
    [2, twice.entry_version_id],
    [3, third.entry_version_id],
  ]);
  await store.purgeSource("scope-a", ids[1] ?? "", NOW);
  assert.deepEqual(origins(), [
    [1, twice.entry_version_id],
    [3, third.entry_version_id],
  ]);
  await store.purgeEntry("scope-a", third.entry_id, NOW);
  assert.deepEqual(origins(), [[1, twice.entry_version_id]]);
  await store.purgeScope("scope-a", NOW);
  assert.deepEqual(origins(), []);
});
