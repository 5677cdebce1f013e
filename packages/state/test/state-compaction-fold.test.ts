// powercontext-state's completed-history compaction with powercontext-fold in the same real Pi process (1.6.0 and
// 0.82.1). Both hook `session_before_compact`; each pass has one owner: the package's private manual pass is the
// state's (fold passes manual compaction through), threshold and overflow stay fold's. Nothing is lost: a fold made
// before the boundary still gives back its exact source after the boundary left its span out of the window.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { startPi, type WireRequest, wireText } from "@powercontext/pi-testing";
import { COMPACTION_SUMMARY } from "../src/compaction/marker.ts";
import {
  COMPACTION_ENV,
  compactionHome,
  compactionLog,
  compactions,
  lineAfter,
  padding,
  sessionEntries,
} from "./support/compaction.ts";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, type HermeticHome, PI_VERSIONS, type PiProcess } from "./support/pi-rpc.ts";

const FOLD_EXTENSION = fileURLToPath(new URL("../../fold/extensions/fold.ts", import.meta.url));

/** A large accepted run whose patch carries `final: true`, as the state guide asks, so it needs no fallback turn. */
const acceptedRun = (tag: string, step: number, answer: string) =>
  script(
    [{ call: "patch_state", args: { final: true, session: { working: { step } } } }, { text: answer }],
    padding(tag),
  );

/** A run's padding itself (a fold brief names the tag and quotes the start of a prompt, never all of it). */
const body = (tag: string) => padding(tag).slice(0, 1000);

const carries = (request: WireRequest, text: string) =>
  request.messages.some((message) => wireText(message.content).includes(text));

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: completed-history compaction with powercontext-fold`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = compactionHome(model.baseUrl, { compaction: { keepRecentTokens: 200 } });
      const args = ["--session-dir", home.sessionDir, "--no-extensions", "--no-skills", "--no-context-files"];
      pi = await startPi({
        version,
        home,
        env: COMPACTION_ENV,
        args: [...args, "-e", FOLD_EXTENSION, "-e", EXTENSION_PATH],
      });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    async function settle(message: string): Promise<Record<string, unknown>> {
      const mark = compactionLog(pi).length;
      await pi.prompt(message);
      return lineAfter(pi, mark);
    }

    test("the state owns its manual pass with fold loaded, and a fold in the left-out prefix loses nothing", async () => {
      assert.equal((await settle(acceptedRun("run-1", 1, "answer one"))).reason, "bootstrap");
      const entries = sessionEntries(home);
      const first = entries.find((entry) => entry.message?.role === "user")?.id;
      const last = entries.findLast((entry) => entry.message?.role === "assistant")?.id;
      const mark = script(
        [{ call: "fold_context", args: { action: "fold", from: first, to: last } }, { text: "marked" }],
        "fold the first run ",
      );
      const markFrom = model.requests.length;
      // This run patches nothing and answers without `final: true`: turn resolution's fallback turns follow, and a
      // run that needed one leaves no boundary.
      assert.equal((await settle(mark)).reason, "fallback");
      const marked = JSON.stringify(toolResults(model.requests.slice(markFrom)));
      const [from, logged] = [pi.events.length, compactionLog(pi).length];
      const runTwo = model.requests.length;
      assert.equal((await settle(acceptedRun("run-2", 2, "answer two"))).event, "compaction.requested");
      const folded = model.requests[runTwo] as WireRequest;
      assert.ok(!carries(folded, body("run-1")) && carries(folded, "[folded F1"), marked);
      await pi.waitFor((event) => event.type === "compaction_end", 20_000, from);
      assert.equal((await lineAfter(pi, logged + 1)).event, "compaction.completed");
      const made = compactions(home);
      assert.equal(made.length, 1);
      assert.equal(made[0]?.summary, COMPACTION_SUMMARY);
      assert.equal((made[0]?.details?.powercontextState as { kind?: string }).kind, "completed-history");

      const peekFrom = model.requests.length;
      const peek = script(
        [{ call: "fold_context", args: { action: "peek", id: "F1", offset: 0, bytes: 16_000 } }, { text: "read" }],
        "peek ",
      );
      await settle(peek);
      const request = model.requests[peekFrom] as WireRequest;
      assert.ok(carries(request, COMPACTION_SUMMARY) && carries(request, "answer two"));
      assert.ok(
        !carries(request, body("run-1")) && !carries(request, body("run-2")) && !carries(request, "[folded F1"),
      );
      const [result] = toolResults(model.requests.slice(peekFrom)) as [Record<string, unknown>];
      assert.equal(result.verified, true, JSON.stringify(result));
      assert.match(String(result.source), /\[run-1\] completed work/);
    });
  });
}
