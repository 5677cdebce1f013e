// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session) with completed-history compaction on: a large accepted run
// that settles gets a native compaction under the package's marker that keeps its final answer; the recorded
// requests show the completed prefix gone (also after a resume) while the session file keeps every entry; each
// exclusion leaves no boundary, and a person's /compact stays Pi's own summary.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { startPi, type WireRequest, wireText } from "@powercontext/pi-testing";
import { COMPACTION_SUMMARY } from "../src/compaction/marker.ts";
import { TRANSITION_ENTRY } from "../src/fork.ts";
import {
  COMPACTION_ENV,
  compactionHome,
  compactionLog,
  compactions,
  lineAfter,
  padding,
  sessionEntries,
} from "./support/compaction.ts";
import { script, startFakeModel, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, type HermeticHome, PI_VERSIONS, type PiProcess, type PiVersion } from "./support/pi-rpc.ts";

const NOTE_EXTENSION = fileURLToPath(new URL("./support/foreign-note.ts", import.meta.url));

function start(home: HermeticHome, version: PiVersion, resume = false): Promise<PiProcess> {
  const args = ["--session-dir", home.sessionDir, ...(resume ? ["--continue"] : [])];
  const extensions = ["-e", EXTENSION_PATH, "-e", NOTE_EXTENSION];
  return startPi({
    version,
    home,
    env: COMPACTION_ENV,
    args: [...args, "--no-extensions", "--no-skills", "--no-context-files", ...extensions],
  });
}

/**
 * A large run that patches the session state and ends with `answer`. Like a model following the state guide, the
 * patch carries `final: true` (turn resolution is on by default), so the run needs no fallback turn.
 */
const acceptedRun = (tag: string, step: number, answer: string) =>
  script(
    [{ call: "patch_state", args: { final: true, session: { working: { step } } } }, { text: answer }],
    padding(tag),
  );

const carries = (request: WireRequest, text: string) =>
  request.messages.some((message) => wireText(message.content).includes(text));

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: completed-history compaction`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = compactionHome(model.baseUrl, { compaction: { keepRecentTokens: 200 } });
      pi = await start(home, version);
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    /** Runs `message` to settlement and returns the package's first compaction line about it. */
    async function settle(message: string): Promise<Record<string, unknown>> {
      const mark = compactionLog(pi).length;
      await pi.prompt(message);
      return lineAfter(pi, mark);
    }

    test("the bootstrap run leaves no boundary; the next large accepted run is compacted to its final answer", async () => {
      assert.deepEqual(await settle(acceptedRun("run-1", 1, "answer one")), {
        component: "powercontext-state",
        event: "compaction.skipped",
        reason: "bootstrap",
      });
      const [from, mark] = [pi.events.length, compactionLog(pi).length];
      const requested = await settle(acceptedRun("run-2", 2, "answer two"));
      assert.equal(requested.event, "compaction.requested");
      const end = await pi.waitFor((event) => event.type === "compaction_end", 20_000, from);
      assert.equal(end.reason, "manual");
      assert.equal(end.aborted, false);
      assert.equal((await lineAfter(pi, mark + 1)).event, "compaction.completed");
      const [boundary, ...others] = compactions(home);
      assert.equal(others.length, 0);
      const entries = sessionEntries(home);
      const finalAnswer = entries.findLast((entry) => entry.message?.role === "assistant");
      assert.equal(wireText(finalAnswer?.message?.content), "answer two");
      assert.equal(boundary?.firstKeptEntryId, finalAnswer?.id);
      assert.equal(boundary?.summary, COMPACTION_SUMMARY);
      assert.equal(boundary?.fromHook, true);
      const seq = entries.findLast((entry) => entry.customType === TRANSITION_ENTRY)?.data?.seq;
      assert.deepEqual(boundary?.details, {
        powercontextState: {
          kind: "completed-history",
          keptEntryId: finalAnswer?.id,
          seq,
          revisions: { global: 0, cwd: 0, session: 2 },
          prefixTokens: requested.prefixTokens,
        },
      });
      // No model wrote the summary: every request so far carried tools (Pi's summarizer sends none).
      assert.ok(model.requests.every((request) => (request.tools ?? []).length > 0));
    });

    test("the next request starts at the kept answer; the session file keeps every entry", async () => {
      const from = model.requests.length;
      const smallRun = script(
        [{ call: "patch_state", args: { final: true, session: { working: { step: 3 } } } }],
        "small run ",
      );
      assert.equal((await settle(smallRun)).reason, "small");
      const first = model.requests[from] as WireRequest;
      assert.ok(!carries(first, "[run-1]") && !carries(first, "[run-2]"), "the completed prefix is gone");
      assert.ok(carries(first, COMPACTION_SUMMARY));
      const conversation = first.messages.filter((message) => message.role !== "system");
      assert.deepEqual(
        conversation.slice(1, 2).map((message) => [message.role, wireText(message.content)]),
        [["assistant", "answer two"]],
      );
      const users = sessionEntries(home).filter((entry) => entry.message?.role === "user");
      assert.ok(users.some((entry) => wireText(entry.message?.content).includes("[run-1]")));
      assert.ok(users.some((entry) => wireText(entry.message?.content).includes("[run-2]")));
    });

    test("after a restart that resumes the session, the boundary still holds", async () => {
      await pi.stop();
      pi = await start(home, version, true);
      const from = model.requests.length;
      await settle(script([{ call: "patch_state", args: { final: true } }, { text: "resumed" }], "after resume "));
      const first = model.requests[from] as WireRequest;
      assert.ok(carries(first, COMPACTION_SUMMARY) && carries(first, "answer two") && carries(first, "small run"));
      assert.ok(!carries(first, "[run-1]") && !carries(first, "[run-2]"));
    });

    test("another extension's message in the prefix, and a stopped session, produce no boundary", async () => {
      await pi.send({ type: "prompt", message: "/note keep this note in view" });
      const count = compactions(home).length;
      assert.equal((await settle(acceptedRun("run-4", 4, "answer four"))).reason, "foreign_context");
      await pi.command("/state mode passive --json");
      assert.equal((await settle(script([{ text: "passive answer" }], padding("run-5")))).reason, "stopped");
      assert.equal(compactions(home).length, count);
      assert.ok(carries(model.requests.at(-1) as WireRequest, "keep this note in view"));
    });

    test("a person's /compact stays Pi's: its own summary, not answered by the package", async () => {
      const mark = compactionLog(pi).length;
      const response = await pi.send({ type: "compact" });
      assert.equal(response.success, true, JSON.stringify(response));
      const made = compactions(home).at(-1);
      assert.notEqual(made?.summary, COMPACTION_SUMMARY);
      assert.equal(made?.details?.powercontextState, undefined);
      assert.ok(!made?.fromHook);
      assert.ok((model.requests.at(-1)?.tools ?? []).length === 0, "Pi's summarizer asked the model");
      assert.equal(compactionLog(pi).length, mark);
    });
  });
}
