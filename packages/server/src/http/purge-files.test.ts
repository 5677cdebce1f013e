// A purge removes the bytes, not only the rows: after it, no file of the SQLite data directory (the database, its
// write-ahead log and shared-memory index) holds the purged text anywhere. The marker is checked to be in the files
// before the purge, so the scan can fail.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { openSqliteStore } from "../store/sqlite/index.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

const MARKER = "zqxleakedtoken7731";

/** The data directory's files that hold the marker's bytes. */
function filesHoldingMarker(dir: string): string[] {
  return readdirSync(dir).filter((name) => readFileSync(join(dir, name)).includes(Buffer.from(MARKER)));
}

async function appOnFile(t: TestContext): Promise<{ app: TestApp; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "pc-purge-files-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { store: await openSqliteStore(join(dir, "powercontext.sqlite")) });
  return { app, dir };
}

/** Writes the marker into a Source, the candidate and entry a flush makes of it, an explicit entry and a recall. */
async function leakMarker({ post }: TestApp, scope: string): Promise<void> {
  const content = `We decided to use ${MARKER} as the deploy token for staging.`;
  assert.equal((await post("/v1/sources/content", { scope_id: scope, source_id: "leak", content })).status, 202);
  await post("/v1/sources/content", { scope_id: scope, source_id: "kept", content: "We decided to use pnpm." });
  assert.equal((await post("/v1/memory/flush", { scope_id: scope })).status, 200);
  const text = `The staging token is ${MARKER}.`;
  assert.equal((await post("/v1/memory/remember", { scope_id: scope, kind: "fact", text })).status, 200);
  const prepared = await post("/v1/context/prepare", { scope_id: scope, query: `what is ${MARKER}` });
  assert.ok(JSON.stringify(prepared.json).includes(MARKER), "the marker is in Memory before the purge");
}

test("purging a Source and the entries holding its text leaves no byte of it in the database, WAL or shm", async (t) => {
  const { app, dir } = await appOnFile(t);
  await leakMarker(app, "files");
  assert.notDeepEqual(filesHoldingMarker(dir), [], "the marker reached the files");
  const source = await app.post("/v1/purge/source", { scope_id: "files", source_id: "leak" });
  assert.equal(source.status, 200);
  const entries = (await app.post("/v1/memory/entries/list", { scope_id: "files" })).json.entries as Array<{
    text: string;
    citation: { entry_id: string };
  }>;
  const leaking = entries.filter((entry) => entry.text.includes(MARKER)).map((entry) => entry.citation.entry_id);
  assert.ok(source.json.entries_citing_source.every((id: string) => leaking.includes(id)));
  for (const entryId of leaking) {
    const purged = await app.post("/v1/purge/entry", { scope_id: "files", entry_id: entryId });
    assert.equal(purged.json.compacted, true);
  }
  assert.deepEqual(filesHoldingMarker(dir), []);
  assert.ok(
    readdirSync(dir).some((name) => name.endsWith("-wal")),
    "the WAL file was scanned",
  );
  const audits = await app.post("/v1/purge/list", { scope_id: "files" });
  assert.equal(audits.json.purges.length, 1 + leaking.length);
  assert.equal(JSON.stringify(audits.json).includes(MARKER), false);
  const kept = await app.post("/v1/context/prepare", { scope_id: "files", query: "which package manager" });
  assert.equal(kept.status, 200);
});

test("purging a scope leaves no byte of its text in the data directory, other scopes untouched", async (t) => {
  const { app, dir } = await appOnFile(t);
  await leakMarker(app, "doomed");
  await app.post("/v1/sources/content", { scope_id: "other", source_id: "o1", content: "Other scope stays." });
  assert.notDeepEqual(filesHoldingMarker(dir), []);
  const purged = await app.post("/v1/purge/scope", { scope_id: "doomed" });
  assert.equal(purged.status, 200);
  assert.equal(purged.json.audit.removed.sources, 2);
  assert.deepEqual(filesHoldingMarker(dir), []);
  const other = await app.post("/v1/sources/content", {
    scope_id: "other",
    source_id: "o1",
    content: "Other scope stays.",
  });
  assert.equal(other.json.position, 1, "the other scope's Source is still there (an idempotent replay)");
});
