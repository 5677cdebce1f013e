// The Store contract on real PostgreSQL, each test in a fresh schema that is dropped when its store closes, plus what
// only this engine could get wrong.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import { makeEntry, makeSource } from "../contract/builders.ts";
import { storeContract } from "../store.contract.ts";
import { freshSchemaUrl, openTestPostgresStore } from "../../testing/postgres.ts";
import { openPostgresStore } from "./postgres-store.ts";

storeContract("postgres", () => openTestPostgresStore());

test("strings holding U+0000 are stored and returned unchanged, as by the embedded store", async (t) => {
  const store = await openTestPostgresStore();
  t.after(() => store.close());
  const scope = "scope\u0000a";
  const source = makeSource({
    scope_id: scope,
    source_id: "id\u0000",
    content: "a\u0000b",
    metadata: { "k\u0000": "v\u0000" },
  });
  assert.equal((await store.captureSource(source)).status, "created");
  assert.equal((await store.captureSource(source)).status, "duplicate");
  const found = await store.findSource(scope, "id\u0000");
  assert.deepEqual([found?.content, found?.metadata, found?.position], ["a\u0000b", { "k\u0000": "v\u0000" }, 1]);
  assert.equal(await store.findSource(scope, "id"), null);
  const remembered = await rememberEntry(store, {
    scope_id: scope,
    entry: makeEntry("x\u0000y", { kind: "k\u0000" }),
    reason: "r\u0000",
    expected_revision: null,
    now: "n",
  });
  assert.equal(remembered.status === "written" && remembered.entry?.text, "x\u0000y");
  const listed = await store.listEntries(scope, false);
  assert.deepEqual(
    listed.entries.map((e) => [e.kind, e.text]),
    [["k\u0000", "x\u0000y"]],
  );
  const changes = await store.listChanges(scope, 0);
  assert.equal(changes.status === "ok" && changes.revisions[0]?.changes[0]?.reason, "r\u0000");
});

test("two stores on one database capturing the same Sources at once store each once and agree on its receipt", async (t) => {
  const url = freshSchemaUrl();
  const first = await openTestPostgresStore(url);
  t.after(() => first.close());
  const second = await openPostgresStore(url);
  t.after(() => second.close());
  const sources = Array.from({ length: 60 }, (_, i) => makeSource({ source_id: `same-${i}` }));
  const results = await Promise.all(
    sources.flatMap((source) => [first.captureSource(source), second.captureSource(source)]),
  );
  const positions = new Map<string, number>();
  for (const [i, result] of results.entries()) {
    assert.notEqual(result.status, "conflict");
    if (result.status === "conflict") continue;
    const known = positions.get(result.receipt.source.source_id);
    if (known === undefined) positions.set(result.receipt.source.source_id, result.receipt.position);
    else assert.equal(result.receipt.position, known, `capture ${i}`);
  }
  assert.equal(results.filter((r) => r.status === "created").length, 60);
  assert.deepEqual(
    [...positions.values()].sort((a, b) => a - b),
    Array.from({ length: 60 }, (_, i) => i + 1),
  );
  const [source] = sources;
  assert.ok(source);
  assert.deepEqual(await second.captureSource({ ...source, payload_digest: "other" }), { status: "conflict" });
});
