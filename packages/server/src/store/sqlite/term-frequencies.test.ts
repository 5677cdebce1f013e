import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { remember } from "../contract/builders.ts";
import { openSqliteStore } from "./index.ts";

const dir = mkdtempSync(join(tmpdir(), "pc-term-frequencies-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const quokkas = async (store: Awaited<ReturnType<typeof openSqliteStore>>) =>
  (await store.termFrequencies("scope-a", ["quokka", "wombat"])).get("quokka");

test("remembered term counts follow the connection's own writes", async () => {
  const store = await openSqliteStore(join(dir, "own.sqlite"));
  try {
    await remember(store, "Deploy with quokka keys.");
    assert.equal(await quokkas(store), 1);
    assert.equal(await quokkas(store), 1);
    await remember(store, "The quokka bucket holds backups.");
    assert.equal(await quokkas(store), 2);
  } finally {
    await store.close();
  }
});

test("remembered term counts follow another connection's commits to the same file", async () => {
  const path = join(dir, "shared.sqlite");
  const reader = await openSqliteStore(path);
  const writer = await openSqliteStore(path);
  try {
    await remember(writer, "Deploy with quokka keys.");
    assert.equal(await quokkas(reader), 1);
    await remember(writer, "The quokka bucket holds backups.");
    assert.equal(await quokkas(reader), 2);
  } finally {
    await reader.close();
    await writer.close();
  }
});
