// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session, turn resolution on): `/state stop` in the middle of a tool
// call, the passive post-stop projection the recorded requests show (frozen handoff, the interrupted run, post-stop
// conversation, foreign custom context; no earlier conversation, no private feedback), across reload, a new session,
// resume, /tree and a fork, then `/state start` and its one migration run.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openStateStore } from "../src/state-file.ts";
import { HANDOFF_GUIDE, STOPPED_GUIDE } from "../src/stop/stop-projection.ts";
import type { ViewKeys } from "../src/types.ts";
import { script, startFakeModel, systemPromptOf, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, STOP_HOST_PATH, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";
import type { WireRequest } from "@powercontext/pi-testing";

const ENV = { POWERCONTEXT_STATE_TURN_RESOLUTION: "1" };
/** A run an active session closes at once (a final patch, then "done"), so turn resolution adds no fallback turn. */
const finalRun = (tag: string) => script([{ call: "patch_state", args: { final: true } }], `${tag} `);

/** What one request shows the model: its system prompt, its state tools and its messages as JSON. */
function seen(request: WireRequest | undefined) {
  assert.ok(request, "a request was made");
  return {
    system: systemPromptOf(request),
    tools: (request.tools ?? []).map((tool) => tool.function.name).filter((name) => name.endsWith("_state")),
    messages: JSON.stringify(request.messages.slice(1)),
  };
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: Stop`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;
    let parentFile = "";

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version, persist: true, env: ENV, extension: STOP_HOST_PATH });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    /** The first request of a run (what a fresh user run is shown). */
    async function firstRequestOf(message: string) {
      const from = model.requests.length;
      await pi.prompt(message);
      return seen(model.requests[from]);
    }

    /** The post-stop projection every stopped run shows, with the state frozen at Stop. */
    function assertStopped(view: ReturnType<typeof seen>) {
      assert.ok(view.system.includes(STOPPED_GUIDE), "the stopped section");
      assert.match(view.system, /"db":"sqlite"/, "the frozen handoff");
      assert.doesNotMatch(view.system, /postgres/, "not the store's newer state");
      assert.deepEqual(view.tools, []);
      for (const kept of ["Draft: keep sqlite.", "RELEASED-OUTPUT", "Stopped answer.", "FOREIGN-NOTE-7"])
        assert.ok(view.messages.includes(kept), `keeps ${kept}`);
      assert.doesNotMatch(view.messages, /PINEAPPLE/, "earlier completed conversation left");
      assert.doesNotMatch(view.messages, /Attempt \d of 2/, "private feedback left");
    }

    test("Stop in the middle of a tool call: the tools go at once, the paired result and the interrupted run stay, earlier conversation and private feedback leave", async () => {
      await pi.prompt(script([{ call: "patch_state", args: { final: true, cwd: { contract: { db: "sqlite" } } } }]));
      await pi.prompt(finalRun("Remember PINEAPPLE."));
      assert.deepEqual(await pi.command("/test-foreign FOREIGN-NOTE-7"), { ok: true });
      const wait = "while [ ! -f release ]; do sleep 0.05; done; echo RELEASED-OUTPUT";
      const from = model.requests.length;
      const started = pi.events.length;
      const prompt = script([
        { text: "Draft: keep sqlite." },
        { call: "bash", args: { command: wait } },
        { text: "Stopped answer." },
      ]);
      assert.equal((await pi.send({ type: "prompt", message: prompt })).success, true);
      await pi.waitFor((event) => event.type === "tool_execution_start" && event.toolName === "bash", 30_000, started);
      const stopped = await pi.command("/state stop --json");
      assert.deepEqual(stopped, { ok: true, mode: "passive", stopped: true, interrupted_run: true });
      writeFileSync(join(home.cwd, "release"), "");
      await pi.waitFor((event) => event.type === "agent_settled", 30_000, started);
      const requests = model.requests.slice(from);
      assert.equal(requests.length, 3, "the draft, its fallback turn (the bash call), the answer after Stop");
      assert.match(JSON.stringify(requests[1]?.messages), /Attempt 1 of 2/, "the fallback was asked before Stop");
      const afterStop = seen(requests[2]);
      assert.deepEqual(afterStop.tools, [], "the state tools left the run's next request");
      for (const kept of ["Draft: keep sqlite.", "RELEASED-OUTPUT", "FOREIGN-NOTE-7"])
        assert.ok(afterStop.messages.includes(kept), `keeps ${kept}`);
      assert.doesNotMatch(afterStop.messages, /PINEAPPLE/);
      assert.doesNotMatch(afterStop.messages, /Attempt \d of 2/);
      assert.equal((await pi.command("/state status --json")).stop, "stopped");
    });

    test("stopped, each run shows the frozen handoff and the post-stop conversation, whatever the store holds now", async () => {
      const status = await pi.command("/state status --json");
      const scopes = status.scopes as Record<string, { key: string }>;
      const keys = { global: "global", cwd: scopes.cwd?.key, session: scopes.session?.key } as ViewKeys;
      const store = openStateStore({ root: join(home.agentDir, "powercontext-state") });
      const published = await store.publish(keys, await store.readView(keys), {
        patches: { cwd: { contract: { db: "postgres" } } },
        final: false,
      });
      assert.equal(published.status, "committed", "another writer changed the state after Stop");
      const again = await pi.command("/state stop --json");
      assert.deepEqual([again.ok, again.code], [false, "invalid_request"], "a second Stop is refused");
      const view = await firstRequestOf("AFTER-STOP-1");
      assertStopped(view);
      assert.doesNotMatch(view.system, /patch_state/, "no active guide");
    });

    test("the projection survives reload, a new session and resume, and /tree; a new session inherits nothing", async () => {
      assert.deepEqual(await pi.command("/test-reload"), { ok: true, reloaded: true });
      assertStopped(await firstRequestOf("AFTER-RELOAD-2"));
      const state = (await pi.send({ type: "get_state" })).data as { sessionFile?: string } | undefined;
      parentFile = state?.sessionFile ?? "";
      assert.ok(parentFile.endsWith(".jsonl"));
      assert.equal((await pi.send({ type: "new_session" })).success, true);
      const fresh = await firstRequestOf(finalRun("FRESH-SESSION"));
      assert.doesNotMatch(fresh.system, /stopped in this session|Handoff from Stop/);
      assert.match(fresh.system, /mode: active\n[\s\S]*"db":"postgres"/, "the live state, active");
      assert.deepEqual(fresh.tools.sort(), ["patch_state", "read_state"]);
      assert.equal((await pi.send({ type: "switch_session", sessionPath: parentFile })).success, true);
      assertStopped(await firstRequestOf("AFTER-RESUME-3"));
      // /tree to before the PINEAPPLE run: that branch never stopped, so it is active with its whole conversation.
      assert.equal((await pi.command("/test-tree Remember PINEAPPLE")).ok, true);
      const old = await firstRequestOf(finalRun("OLD-BRANCH"));
      assert.doesNotMatch(old.system, /stopped in this session/);
      assert.deepEqual(old.tools.sort(), ["patch_state", "read_state"]);
      // Back onto the stopped branch (the leaf before AFTER-RESUME-3): stopped again.
      assert.equal((await pi.command("/test-tree AFTER-RESUME-3")).ok, true);
      assertStopped(await firstRequestOf("AFTER-TREE-4"));
    });

    test("a fork inherits neither projection: the copied Stop is its parent's, so the child is plainly passive", async () => {
      const forkable = await pi.send({ type: "get_fork_messages" });
      const messages = (forkable.data as { messages: { entryId: string; text: string }[] }).messages;
      const target = messages.find((message) => message.text.includes("AFTER-TREE-4"));
      assert.ok(target);
      assert.equal((await pi.send({ type: "fork", entryId: target.entryId })).success, true);
      const child = await firstRequestOf("IN-FORK-5");
      assert.doesNotMatch(child.system, /stopped in this session/);
      assert.match(child.system, /mode: passive\n[\s\S]*"db":"postgres"/, "the live state, read-only");
      assert.match(child.messages, /PINEAPPLE/, "the child's conversation is whole");
      assert.equal((await pi.command("/state status --json")).stop, "none");
      assert.equal((await pi.send({ type: "switch_session", sessionPath: parentFile })).success, true);
    });

    test("Start: the next run is the one migration run (active state, tools, the handoff, post-stop conversation); the run after it is ordinary", async () => {
      assert.deepEqual(await pi.command("/state start --json"), { ok: true, mode: "active", migration: true });
      const migration = await firstRequestOf(finalRun("MIGRATE-6"));
      assert.match(migration.system, /mode: active\n[\s\S]*"db":"postgres"/, "the current state, active");
      assert.ok(migration.system.includes(HANDOFF_GUIDE), "the handoff");
      assert.match(migration.system.slice(migration.system.indexOf(HANDOFF_GUIDE)), /"db":"sqlite"/);
      assert.deepEqual(migration.tools.sort(), ["patch_state", "read_state"]);
      assert.match(migration.messages, /AFTER-STOP-1/, "post-stop conversation");
      assert.doesNotMatch(migration.messages, /PINEAPPLE/, "never the pre-stop transcript");
      const next = await firstRequestOf(finalRun("AFTER-MIGRATION-7"));
      assert.doesNotMatch(next.system, /Handoff from Stop/, "one migration run only");
      assert.doesNotMatch(next.messages, /PINEAPPLE/);
      assert.equal((await pi.command("/state status --json")).stop, "restarted");
    });

    test("Escape, then Stop while idle: the aborted run is the interrupted run and keeps its trajectory", async () => {
      const started = pi.events.length;
      const wait = "while [ ! -f never ]; do sleep 0.05; done";
      const prompt = script([{ call: "bash", args: { command: wait } }], "ABORTED-RUN ");
      assert.equal((await pi.send({ type: "prompt", message: prompt })).success, true);
      await pi.waitFor((event) => event.type === "tool_execution_start" && event.toolName === "bash", 30_000, started);
      assert.equal((await pi.send({ type: "abort" })).success, true);
      await pi.waitFor((event) => event.type === "agent_settled", 30_000, started);
      const stopped = await pi.command("/state stop --json");
      assert.deepEqual(stopped, { ok: true, mode: "passive", stopped: true, interrupted_run: true });
      const view = await firstRequestOf("AFTER-ABORT-8");
      assert.ok(view.system.includes(STOPPED_GUIDE));
      assert.match(view.messages, /ABORTED-RUN/, "the aborted run's trajectory");
      assert.doesNotMatch(view.messages, /AFTER-MIGRATION-7|PINEAPPLE/, "completed runs left");
      assert.match(view.messages, /FOREIGN-NOTE-7/);
    });
  });
}
