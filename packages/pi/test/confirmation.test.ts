// Real Pi + real Server: the confirmation gate of durable writes in a real host (RPC UI and print mode).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PI_VERSIONS, runPrint } from "./support/pi-rpc.ts";
import { callTool, lastToolResult, setupSuite } from "./support/suite.ts";

const NOTE = { kind: "decision", text: "Pin the migration tool version in CI." };

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: confirmation`, () => {
    const suite = setupSuite();

    test("an accepted RPC confirm lets the write happen", async () => {
      const pi = await suite.shared(version);
      const dialogs: Record<string, unknown>[] = [];
      pi.respondUi = (request) => {
        if (request.method !== "confirm") return null;
        dialogs.push(request);
        return { confirmed: true };
      };
      const start = suite.mark();
      const asked = suite.model.requests.length;
      await pi.prompt(callTool("pc_remember", NOTE));
      assert.equal(dialogs.length, 1);
      assert.match(String(dialogs[0]?.message), /pc_remember[\s\S]*Pin the migration tool version/);
      const writes = suite.since(start, "/v1/memory/remember");
      assert.equal(writes.length, 1);
      assert.equal((writes[0]?.body as { text: string }).text, NOTE.text);
      assert.equal((lastToolResult(suite.modelSince(asked)) as { ok: boolean }).ok, true);
    });

    test("a declined RPC confirm returns cancelled and sends no HTTP write", async () => {
      const pi = await suite.shared(version);
      pi.respondUi = (request) => (request.method === "confirm" ? { confirmed: false } : null);
      const start = suite.mark();
      const asked = suite.model.requests.length;
      await pi.prompt(
        callTool("pc_memory_retire", {
          citation: {
            memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
            entry_id: "mem_ent_x",
            entry_version_id: "mem_ver_x",
          },
        }),
      );
      assert.equal((lastToolResult(suite.modelSince(asked)) as { code: string }).code, "cancelled");
      assert.deepEqual(
        suite
          .since(start)
          .map((request) => request.path)
          .filter((path) => path.startsWith("/v1/memory/entries")),
        [],
      );
      pi.respondUi = (request) => (request.method === "confirm" ? { cancelled: true } : null);
      await pi.prompt(callTool("pc_capture_source", { source_id: "boundary-1", content: "Progress." }));
      assert.equal((lastToolResult(suite.modelSince(asked)) as { code: string }).code, "cancelled");
      assert.equal(
        suite
          .since(start, "/v1/sources/content")
          .filter((request) => (request.body as { source_id: string }).source_id === "boundary-1").length,
        0,
      );
    });

    test("print mode has no UI: confirmation_required and no write", async () => {
      const home = suite.home();
      const start = suite.mark();
      const asked = suite.model.requests.length;
      const run = await runPrint({
        version,
        home,
        env: { POWERCONTEXT_PI_BASE_URL: suite.server.url },
        message: callTool("pc_remember", NOTE),
      });
      assert.equal(run.code, 0);
      assert.equal((lastToolResult(suite.modelSince(asked)) as { code: string }).code, "confirmation_required");
      assert.equal(suite.since(start, "/v1/memory/remember").length, 0);
      assert.ok(suite.since(start, "/v1/context/prepare").length === 1, "automatic recall still ran");
    });

    test("/pc remember and /pc flush use the same confirmation boundary", async () => {
      const pi = await suite.shared(version);
      pi.respondUi = (request) => (request.method === "confirm" ? { confirmed: false } : null);
      const start = suite.mark();
      assert.equal((await pi.command("/pc remember Keep SQLite only for tests. --json")).code, "cancelled");
      assert.equal((await pi.command("/pc flush --json")).code, "cancelled");
      assert.deepEqual(
        suite.since(start).map((request) => request.path),
        [],
      );
      pi.respondUi = (request) => (request.method === "confirm" ? { confirmed: true } : null);
      const saved = (await pi.command("/pc remember Keep SQLite only for tests. --json")) as {
        ok: boolean;
        data: { entry: { kind: string } };
      };
      assert.equal(saved.ok, true);
      assert.equal(saved.data.entry.kind, "agent-note");
      const run = await runPrint({
        version,
        home: suite.home(),
        env: { POWERCONTEXT_PI_BASE_URL: suite.server.url },
        message: "/pc flush",
      });
      assert.equal(run.code, 0);
      assert.match(run.stderr, /^This change needs a confirmation in Pi's interactive UI; nothing was written\.$/m);
      assert.equal(run.stdout, "", "nothing is written to stdout");
      assert.equal(suite.since(start, "/v1/memory/flush").length, 0);
    });
  });
}
