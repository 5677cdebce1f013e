// A kill -9 of a real Server process during concurrent captures loses no acknowledged Source.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startServerProcess } from "../src/testing/server-process.ts";
import { openStore } from "../src/store/open-store.ts";

const SCOPE = "crash-scope";

test("kill -9 during concurrent captures loses no acknowledged Source and leaves positions gap-free", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-crash-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServerProcess(dataDir);
  t.after(() => server.child.kill("SIGKILL"));

  const acknowledged = new Map<string, number>();
  let sent = 0;
  let killed = false;
  async function client(worker: number): Promise<void> {
    for (let i = 0; !killed && i < 2000; i += 1) {
      const source_id = `w${worker}-${i}`;
      sent += 1;
      try {
        const response = await fetch(`${server.url}/v1/sources/content`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ scope_id: SCOPE, source_id, content: `capture ${source_id} `.repeat(20) }),
        });
        if (response.status === 202)
          acknowledged.set(source_id, ((await response.json()) as { position: number }).position);
      } catch {
        return; // the connection died with the process
      }
    }
  }
  const clients = Array.from({ length: 16 }, (_, worker) => client(worker));
  while (acknowledged.size < 300) await new Promise((resolve) => setTimeout(resolve, 10));
  server.child.kill("SIGKILL");
  killed = true;
  const [, signal] = await server.exited;
  await Promise.all(clients);
  assert.equal(signal, "SIGKILL");
  assert.ok(acknowledged.size >= 300, `acknowledged ${acknowledged.size} of ${sent}`);

  const store = await openStore({ dataDir, databaseUrl: null, sqliteSynchronous: "full" });
  t.after(() => store.close());
  for (const [sourceId, position] of acknowledged) {
    assert.equal((await store.findSource(SCOPE, sourceId))?.position, position, sourceId);
  }
  const window = await store.readJournalWindow(SCOPE, 100_000);
  assert.ok(window.high_watermark >= acknowledged.size);
  assert.deepEqual(
    window.sources.map((source) => source.position),
    Array.from({ length: window.high_watermark }, (_, i) => i + 1),
  );
});
