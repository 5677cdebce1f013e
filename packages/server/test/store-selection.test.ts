// The database URL selects the store, and the embedded store never loads the PostgreSQL driver.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { promisify } from "node:util";
import { freshSchemaUrl, openTestPostgresStore, requirePostgres } from "../src/testing/postgres.ts";

const OPEN_STORE = new URL("../src/store/open-store.ts", import.meta.url).href;

/** Opens and closes a store in a fresh Node process; reports its engine and whether `pg` was loaded. */
async function openInChild(t: TestContext, databaseUrl: string | null): Promise<{ engine: string; pgLoaded: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-select-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const script = `
    import { createRequire } from "node:module";
    const { openStore } = await import(${JSON.stringify(OPEN_STORE)});
    const store = await openStore({ dataDir: ${JSON.stringify(dataDir)}, databaseUrl: ${JSON.stringify(databaseUrl)}, sqliteSynchronous: "full" });
    await store.close();
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\\\/]node_modules[\\\\/]pg[\\\\/]/.test(path));
    console.log(JSON.stringify({ engine: store.engine, pgLoaded: loaded.length > 0 }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [
    "--disable-warning=ExperimentalWarning",
    "--input-type=module",
    "-e",
    script,
  ]);
  return JSON.parse(stdout) as { engine: string; pgLoaded: boolean };
}

test("without a database URL the embedded store opens and pg is never loaded", async (t) => {
  assert.deepEqual(await openInChild(t, null), { engine: "sqlite", pgLoaded: false });
});

test("a postgres:// URL opens the PostgreSQL store", async (t) => {
  await requirePostgres();
  const url = freshSchemaUrl();
  t.after(async () => (await openTestPostgresStore(url)).close());
  assert.deepEqual(await openInChild(t, url), { engine: "postgres", pgLoaded: true });
});
