// Real Pi + real Server: lifecycle flushes (agent_end, compaction, switch, shutdown) and the pending-flusher edges.
// A probe extension loaded after ours marks each event at the proxy, so request order shows where a flush ran.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { FLUSH_ON_CAPTURE_PATH, PI_VERSIONS, probedArgs, type PiProcess } from "./support/pi-rpc.ts";
import type { RecordedRequest } from "./support/recording-proxy.ts";
import { setupSuite, type Suite } from "./support/suite.ts";

const FLUSH = "/v1/memory/flush";
const COMPACTION_SETTINGS = { compaction: { enabled: true, keepRecentTokens: 1 } };

const index = (suite: Suite, request: RecordedRequest | undefined): number => {
  assert.ok(request, "request seen");
  return suite.server.proxy.requests.indexOf(request);
};
const marker = (suite: Suite, mark: number, event: string) => suite.since(mark, `/probe/${event}`)[0];
const cursorOf = (request: RecordedRequest | undefined) =>
  (request?.response as { current_cursor?: number } | undefined)?.current_cursor;
const positionOf = (request: RecordedRequest | undefined) =>
  (request?.response as { position?: number } | undefined)?.position ?? -1;

/** One prompt whose agent_end flush fails (503), leaving its position pending. Returns the position. */
async function promptWithFailedFlush(suite: Suite, pi: PiProcess, text: string): Promise<number> {
  const start = suite.mark();
  suite.server.proxy.faults.set(FLUSH, {
    kind: "status",
    status: 503,
    body: { error: { code: "runtime_not_ready", message: "The Runtime is not ready.", details: null } },
  });
  await pi.prompt(text);
  await suite.waitForRequests(start, FLUSH);
  await new Promise((resolve) => setTimeout(resolve, 50));
  suite.server.proxy.faults.delete(FLUSH);
  assert.equal(suite.since(start, FLUSH).length, 1, "a thrown Server error stops that scope's loop");
  const pending = (await pi.command("/pc --json")) as { pending_position: number };
  const position = positionOf(suite.since(start, "/v1/sources/content")[0]);
  assert.equal(pending.pending_position, position);
  return position;
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: lifecycle flushes`, () => {
    const suite = setupSuite();
    const probe = () => ({ PC_PROBE_URL: suite.server.url });

    test("agent_end starts the pending flush and the Server processes it", async () => {
      const pi = await suite.pi(version, { args: probedArgs(), env: probe() });
      const start = suite.mark();
      await pi.prompt("Add a retry to the exporter.");
      const position = positionOf(suite.since(start, "/v1/sources/content")[0]);
      assert.ok(position >= 1);
      const [flush] = await suite.waitForRequests(start, FLUSH);
      assert.ok((cursorOf(flush) ?? -1) >= position);
      assert.ok(marker(suite, start, "agent_end"), "agent_end ran");
      for (const other of ["session_before_compact", "session_before_switch", "session_shutdown"])
        assert.equal(marker(suite, start, other), undefined);
      assert.equal(((await pi.command("/pc --json")) as { pending_position: unknown }).pending_position, null);
    });

    test("session_before_compact awaits the pending flush", async () => {
      const pi = await suite.pi(version, { args: probedArgs(), env: probe(), home: suite.home(COMPACTION_SETTINGS) });
      await pi.prompt("First message to have something to compact.");
      const position = await promptWithFailedFlush(suite, pi, "Keep the export idempotent.");
      const start = suite.mark();
      await pi.send({ type: "compact" });
      const flush = suite.since(start, FLUSH)[0];
      assert.ok((cursorOf(flush) ?? -1) >= position);
      assert.ok(
        index(suite, flush) < index(suite, marker(suite, start, "session_before_compact")),
        "flushed inside session_before_compact",
      );
    });

    test("session_before_switch awaits the pending flush", async () => {
      const pi = await suite.pi(version, { args: probedArgs(), env: probe() });
      const position = await promptWithFailedFlush(suite, pi, "Document the cursor semantics.");
      const start = suite.mark();
      assert.equal((await pi.send({ type: "new_session" })).success, true);
      const flush = suite.since(start, FLUSH)[0];
      assert.ok((cursorOf(flush) ?? -1) >= position);
      assert.ok(
        index(suite, flush) < index(suite, marker(suite, start, "session_before_switch")),
        "flushed inside session_before_switch",
      );
      assert.equal(suite.since(start, FLUSH).length, 1, "nothing left for the old instance's shutdown");
    });

    test("session_shutdown awaits the pending flush", async () => {
      const pi = await suite.pi(version, { args: probedArgs(), env: probe() });
      const position = await promptWithFailedFlush(suite, pi, "Split the flush loop per scope.");
      const start = suite.mark();
      assert.equal(await pi.stop(), 0);
      const flush = suite.since(start, FLUSH)[0];
      assert.ok((cursorOf(flush) ?? -1) >= position);
      assert.ok(
        index(suite, flush) < index(suite, marker(suite, start, "session_shutdown")),
        "flushed inside session_shutdown",
      );
    });

    test("a failed immediate flush is retried at compaction", async () => {
      const pi = await suite.pi(version, {
        args: probedArgs(FLUSH_ON_CAPTURE_PATH),
        env: probe(),
        home: suite.home(COMPACTION_SETTINGS),
      });
      await pi.prompt("First message to have something to compact.");
      const start = suite.mark();
      suite.server.proxy.faults.set(FLUSH, { kind: "status", status: 503 });
      await pi.prompt("Immediate flush must fail for this one.");
      suite.server.proxy.faults.delete(FLUSH);
      const capture = suite.since(start, "/v1/sources/content")[0];
      const failed = suite.since(start, FLUSH);
      assert.ok(failed.length >= 4, `the immediate flush retried (${failed.length} calls)`);
      assert.ok(failed.every((request) => request.status === 503));
      assert.ok(
        index(suite, failed[0]) > index(suite, capture) &&
          index(suite, failed[3]) < index(suite, marker(suite, start, "agent_end")),
        "four immediate calls inside the turn",
      );
      const compacting = suite.mark();
      await pi.send({ type: "compact" });
      const retried = suite.since(compacting, FLUSH)[0];
      assert.equal(retried?.status, 200);
      assert.ok((cursorOf(retried) ?? -1) >= positionOf(capture));
      assert.ok(index(suite, retried) < index(suite, marker(suite, compacting, "session_before_compact")));
    });
  });

  describe(`Pi ${version.name}: flusher edges`, () => {
    const suite = setupSuite();

    test("concurrent flushes share one in-flight loop (agent_end, then shutdown during it)", async () => {
      const pi = await suite.pi(version);
      const start = suite.mark();
      suite.server.proxy.faults.set(FLUSH, { kind: "slow_response", ms: 400 });
      await pi.prompt("Coalesce the flushes.");
      assert.equal(await pi.stop(), 0);
      suite.server.proxy.faults.delete(FLUSH);
      const flushes = suite.since(start, FLUSH);
      assert.equal(flushes.length, 1, "shutdown awaited the agent_end loop instead of starting another");
      assert.ok((cursorOf(flushes[0]) ?? -1) >= positionOf(suite.since(start, "/v1/sources/content")[0]));
    });

    test("a permanently lagging cursor ends within the call and closing budgets without claiming Memory", async () => {
      const pi = await suite.pi(version);
      const start = suite.mark();
      suite.server.proxy.faults.set(FLUSH, {
        kind: "rewrite",
        rewrite: (value) => ({ ...(value as object), status: "idle", current_cursor: 0, memory: null }),
      });
      try {
        await pi.prompt("The cursor never catches up.");
        await suite.waitForRequests(start, FLUSH, 4);
        await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(suite.since(start, FLUSH).length, 4, "at most four calls per boundary");
        const status = (await pi.command("/pc --json")) as Record<string, unknown>;
        assert.ok(typeof status.pending_position === "number" && status.pending_position >= 1, "still pending");
        assert.equal(JSON.stringify(status).includes("memory_ref"), false);
        const stopping = suite.mark();
        const started = Date.now();
        assert.equal(await pi.stop(), 0);
        assert.ok(Date.now() - started < 3000, "shutdown bounded by the closing budget");
        assert.equal(suite.since(stopping, FLUSH).length, 4);
      } finally {
        suite.server.proxy.faults.delete(FLUSH);
      }
    });

    test("a higher position recorded during a flush survives the older completion", async () => {
      const pi = await suite.pi(version, { env: { POWERCONTEXT_PI_FLUSH_MAX_CALLS: "1" } });
      const start = suite.mark();
      suite.server.proxy.faults.set(FLUSH, { kind: "slow_response", ms: 700 });
      await pi.prompt("First prompt: its flush is slow.");
      await pi.prompt("Second prompt arrives while that flush is in flight.");
      await suite.waitForRequests(start, FLUSH);
      suite.server.proxy.faults.delete(FLUSH);
      const [first, second] = suite.since(start, "/v1/sources/content").map(positionOf);
      assert.ok(first !== undefined && second === first + 1);
      const [older] = suite.since(start, FLUSH);
      assert.ok(
        cursorOf(older) !== undefined && (cursorOf(older) ?? 0) < second,
        "the in-flight flush completed below the new position",
      );
      assert.equal(suite.since(start, FLUSH).length, 1, "the second agent_end shared the in-flight loop");
      assert.equal(((await pi.command("/pc --json")) as { pending_position: unknown }).pending_position, second);
      const stopping = suite.mark();
      assert.equal(await pi.stop(), 0);
      assert.ok(
        (cursorOf(suite.since(stopping, FLUSH)[0]) ?? -1) >= second,
        "the higher position was flushed at shutdown",
      );
    });
  });
}
