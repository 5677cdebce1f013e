// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session, turn resolution on): the run Stop interrupts is known again
// after a reload and after a new Pi process resumes the session file (--continue). Escape aborts a run, the session
// is reloaded or resumed (or /tree selects a branch ending in that run), then `/state stop` keeps that run's
// trajectory in the next request, and completed runs before it (also the runs of an earlier Stop) leave the context.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startPi, type WireRequest } from "@powercontext/pi-testing";
import { RUN_ENTRY } from "../src/stop/run-start.ts";
import { STOPPED_GUIDE } from "../src/stop/stop-projection.ts";
import { script, startFakeModel, systemPromptOf, type FakeModel } from "./support/fake-model.ts";
import {
  makeHome,
  PI_VERSIONS,
  STOP_HOST_PATH,
  type HermeticHome,
  type PiProcess,
  type PiVersion,
} from "./support/pi-rpc.ts";

const ENV = { POWERCONTEXT_STATE_TURN_RESOLUTION: "1" };
/** A run an active session closes at once (a final patch, then "done"), so turn resolution adds no fallback turn. */
const finalRun = (tag: string) => script([{ call: "patch_state", args: { final: true } }], `${tag} `);

function start(home: HermeticHome, version: PiVersion, resume: boolean): Promise<PiProcess> {
  const session = ["--session-dir", home.sessionDir, ...(resume ? ["--continue"] : [])];
  const args = [...session, "--no-extensions", "--no-skills", "--no-context-files", "-e", STOP_HOST_PATH];
  return startPi({ version, home, env: ENV, args });
}

/** Starts a run whose bash call (waiting for the file `never-<tag>`) never ends, then presses Escape once it runs. */
async function abortedRun(pi: PiProcess, tag: string): Promise<void> {
  const started = pi.events.length;
  const command = `while [ ! -f never-${tag} ]; do sleep 0.05; done`;
  const prompt = script([{ call: "bash", args: { command } }], `${tag} `);
  assert.equal((await pi.send({ type: "prompt", message: prompt })).success, true);
  await pi.waitFor((event) => event.type === "tool_execution_start" && event.toolName === "bash", 30_000, started);
  assert.equal((await pi.send({ type: "abort" })).success, true);
  await pi.waitFor((event) => event.type === "agent_settled", 30_000, started);
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: Stop after reload and resume`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await start(home, version, false);
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    /** Stops, checks Stop knew an interrupted run, and returns what the next run's first request shows the model. */
    async function stopThenPrompt(message: string) {
      assert.deepEqual(await pi.command("/state stop --json"), {
        ok: true,
        mode: "passive",
        stopped: true,
        interrupted_run: true,
      });
      const from = model.requests.length;
      await pi.prompt(message);
      const request: WireRequest | undefined = model.requests[from];
      assert.ok(request, "a request was made");
      assert.ok(systemPromptOf(request).includes(STOPPED_GUIDE), "the stopped section");
      return JSON.stringify(request.messages.slice(1));
    }

    test("reload: Stop after Escape and a reload keeps the aborted run", async () => {
      await pi.prompt(finalRun("COMPLETED-RUN"));
      await abortedRun(pi, "ABORTED-ONE");
      assert.deepEqual(await pi.command("/test-reload"), { ok: true, reloaded: true });
      const messages = await stopThenPrompt("AFTER-RELOAD");
      assert.match(messages, /ABORTED-ONE/, "the aborted run's trajectory");
      assert.doesNotMatch(messages, /COMPLETED-RUN/, "the completed run left");
    });

    test("resume: a new Pi process on the same session file knows the run aborted before it quit", async () => {
      assert.deepEqual(await pi.command("/state start --json"), { ok: true, mode: "active", migration: true });
      await pi.prompt(finalRun("MIGRATE-RUN"));
      await abortedRun(pi, "ABORTED-TWO");
      await pi.stop();
      pi = await start(home, version, true);
      const messages = await stopThenPrompt("AFTER-RESUME");
      assert.match(messages, /ABORTED-TWO/, "the aborted run's trajectory");
      assert.doesNotMatch(messages, /COMPLETED-RUN|ABORTED-ONE|AFTER-RELOAD|MIGRATE-RUN/, "earlier runs left");
      const sent = model.requests.filter((request) => JSON.stringify(request).includes(RUN_ENTRY));
      assert.equal(sent.length, 0, "the run entries never reach the model");
    });

    test("/tree: the selected branch's last run counts, not the run the process saw last", async () => {
      assert.deepEqual(await pi.command("/state start --json"), { ok: true, mode: "active", migration: true });
      await abortedRun(pi, "ABORTED-THREE");
      await pi.prompt(finalRun("FINISHED-FOUR"));
      // Back into the aborted run (its bash call): on this branch the last run is the interrupted one.
      assert.equal((await pi.command("/test-tree-entry never-ABORTED-THREE")).ok, true);
      const messages = await stopThenPrompt("AFTER-TREE");
      assert.match(messages, /ABORTED-THREE/, "the aborted run's trajectory");
      assert.doesNotMatch(messages, /FINISHED-FOUR|AFTER-RESUME|ABORTED-TWO/, "other branches and earlier runs left");
    });
  });
}
