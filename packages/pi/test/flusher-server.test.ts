// The pending flusher against a real Server with several Scopes. One Pi extension instance sees a single cwd, so
// several Scopes cannot occur inside one Pi process; this drives the same flusher module directly.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createClient } from "../src/client.ts";
import { createFlusher } from "../src/flusher.ts";
import { silentLogger } from "@powercontext/pi-kit";
import { loadSettings } from "../src/config.ts";
import { startServerProcess } from "../../server/src/testing/server-process.ts";

test("several Scopes with pending positions are each flushed until their cursor reaches the position", async (t) => {
  const server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-flusher-")));
  t.after(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });
  const client = createClient({ settings: loadSettings({ POWERCONTEXT_PI_BASE_URL: server.url }) });
  const flusher = createFlusher({ client, maxCalls: 4, log: silentLogger });
  const positions = new Map<string, number>();
  for (const [scope, count] of [
    ["scope-a", 2],
    ["scope-b", 1],
    ["scope-c", 3],
  ] as const) {
    for (let n = 1; n <= count; n += 1) {
      const response = await client.request("capture_content_source", {
        scope_id: scope,
        source_id: `s-${n}`,
        content: `We decided to use PostgreSQL ${n}.`,
      });
      const position = (response.value as { position: number }).position;
      flusher.record(scope, position);
      positions.set(scope, position);
    }
  }
  flusher.record("scope-a", 1);
  assert.equal(flusher.pendingPosition("scope-a"), 2, "a lower position does not lower the pending one");
  const report = await flusher.flush({ budgetMs: 1000 });
  assert.deepEqual(report, { scopes: 3, cleared: 3, calls: 3, pending: 0 });
  for (const [scope, position] of positions) {
    const stats = (await client.request("get_stats", { scope_id: scope })).value as {
      inventory: { sources: { memory_processed: number } };
    };
    assert.ok(stats.inventory.sources.memory_processed >= position, scope);
  }
});
