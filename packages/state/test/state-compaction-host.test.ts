// Real Pi 1.6.0 and 0.82.1 with completed-history compaction on, where Pi decides: with Pi's default
// `keepRecentTokens` (20,000) a large accepted run is asked for, Pi's preparation finds nothing compactable and no
// boundary is made; a threshold compaction stays Pi's own (its summarizer is asked, the package answers nothing).
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { startChatServer, startPi } from "@powercontext/pi-testing";
import { COMPACTION_SUMMARY } from "../src/compaction/marker.ts";
import {
  COMPACTION_ENV,
  compactionHome,
  compactionLog,
  compactions,
  lineAfter,
  padding,
} from "./support/compaction.ts";
import { script, startFakeModel, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, type HermeticHome, PI_VERSIONS, type PiProcess, type PiVersion } from "./support/pi-rpc.ts";

const LATE_NOTE = fileURLToPath(new URL("./support/late-note.ts", import.meta.url));

function start(
  home: HermeticHome,
  version: PiVersion,
  before: string[] = [],
  env: Record<string, string> = {},
): Promise<PiProcess> {
  const args = ["--session-dir", home.sessionDir, "--no-extensions", "--no-skills", "--no-context-files"];
  const extensions = [...before, EXTENSION_PATH].flatMap((path) => ["-e", path]);
  return startPi({ version, home, env: { ...COMPACTION_ENV, ...env }, args: [...args, ...extensions] });
}

/** A large accepted run whose patch carries `final: true`, as the state guide asks, so it needs no fallback turn. */
const acceptedRun = (tag: string, step: number) =>
  script(
    [{ call: "patch_state", args: { final: true, session: { working: { step } } } }, { text: `answer ${step}` }],
    padding(tag),
  );

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: compaction decided by Pi`, () => {
    let model: FakeModel;
    const started: PiProcess[] = [];
    before(async () => {
      model = await startFakeModel();
    });
    after(async () => {
      for (const pi of started) await pi.stop();
      await model.close();
    });

    test("with Pi's default keepRecentTokens nothing is compactable: asked for, refused by Pi, no boundary", async () => {
      const home = compactionHome(model.baseUrl, {});
      const pi = await start(home, version);
      started.push(pi);
      await pi.prompt(acceptedRun("first", 1));
      assert.equal((await lineAfter(pi, 0)).reason, "bootstrap");
      const mark = compactionLog(pi).length;
      await pi.prompt(acceptedRun("second", 2));
      const asked = await lineAfter(pi, mark);
      assert.equal(asked.event, "compaction.requested", JSON.stringify(compactionLog(pi)));
      const refused = await lineAfter(pi, mark + 1);
      assert.equal(refused.event, "compaction.not_made");
      assert.match(String(refused.message), /Nothing to compact/);
      assert.equal(compactions(home).length, 0);
    });

    test("a message arriving while Pi prepares the pass makes the selection stale: cancelled, no boundary", async () => {
      const home = compactionHome(model.baseUrl, { compaction: { keepRecentTokens: 200 } });
      const pi = await start(home, version, [LATE_NOTE]);
      started.push(pi);
      await pi.prompt(acceptedRun("first", 1));
      assert.equal((await lineAfter(pi, 0)).reason, "bootstrap");
      const [from, mark] = [pi.events.length, compactionLog(pi).length];
      await pi.prompt(acceptedRun("second", 2));
      const end = await pi.waitFor((event) => event.type === "compaction_end", 20_000, from);
      assert.equal(end.aborted, true);
      assert.equal((await lineAfter(pi, mark)).event, "compaction.requested");
      assert.deepEqual(await lineAfter(pi, mark + 1), {
        component: "powercontext-state",
        event: "compaction.skipped",
        reason: "stale",
        why: "branch_moved",
      });
      assert.equal(compactions(home).length, 0);
    });

    test("with turn resolution, a run that needed a fallback turn leaves no boundary; a final run does", async () => {
      const home = compactionHome(model.baseUrl, { compaction: { keepRecentTokens: 200 } });
      // Turn resolution is on by default: no setting here.
      const pi = await start(home, version);
      started.push(pi);
      const finalPatch = (step: number) => ({
        call: "patch_state",
        args: { final: true, session: { working: { step } } },
      });
      const settle = async (message: string) => {
        const mark = compactionLog(pi).length;
        await pi.prompt(message);
        return lineAfter(pi, mark);
      };
      assert.equal((await settle(script([finalPatch(1)], padding("first")))).reason, "bootstrap");
      const late = script([{ text: "The answer first." }, finalPatch(2)], padding("late"));
      assert.equal((await settle(late)).reason, "fallback");
      assert.equal(compactions(home).length, 0);
      const from = pi.events.length;
      assert.equal((await settle(script([finalPatch(3)], padding("final")))).event, "compaction.requested");
      await pi.waitFor((event) => event.type === "compaction_end", 20_000, from);
      assert.equal(compactions(home).length, 1);
    });

    test("an aborted run leaves no boundary", async () => {
      const home = compactionHome(model.baseUrl, { compaction: { keepRecentTokens: 200 } });
      const pi = await start(home, version);
      started.push(pi);
      await pi.prompt(acceptedRun("first", 1));
      assert.equal((await lineAfter(pi, 0)).reason, "bootstrap");
      const [from, mark] = [pi.events.length, compactionLog(pi).length];
      // The model's first answer waits for a second run that never comes: the person aborts meanwhile.
      const held = `HOLD:aborted:2 ${acceptedRun("held", 2)}`;
      assert.equal((await pi.send({ type: "prompt", message: held })).success, true);
      await pi.waitFor((event) => event.type === "turn_start", 20_000, from);
      await pi.send({ type: "abort" });
      await pi.waitFor((event) => event.type === "agent_settled", 20_000, from);
      assert.equal((await lineAfter(pi, mark)).reason, "aborted");
      assert.equal(compactions(home).length, 0);
    });

    test("threshold compaction stays Pi's: its summarizer is asked and the package answers nothing", async () => {
      const settings = { compaction: { reserveTokens: 4000, keepRecentTokens: 500 } };
      // This model reports its prompt tokens, which is what Pi 0.82.1 measures the context by.
      const counting = await startChatServer((request) => ({
        text: "ok",
        usage: { prompt_tokens: Math.ceil(JSON.stringify(request.messages).length / 4) },
      }));
      const home = compactionHome(counting.baseUrl, settings, 10_000);
      const pi = await start(home, version);
      started.push(pi);
      // Runs without a patch (each takes turn resolution's fallback turns): never accepted, so the package asks for
      // nothing; Pi's threshold does the work.
      for (let run = 1; run <= 5 && compactions(home).length === 0; run += 1)
        await pi.prompt(`plain ${run} ${padding(`plain-${run}`)}`);
      const [made] = compactions(home);
      assert.ok(made !== undefined, `Pi compacted at its threshold: ${pi.stderr()}`);
      assert.notEqual(made.summary, COMPACTION_SUMMARY);
      assert.equal(made.details?.powercontextState, undefined);
      assert.ok(!made.fromHook);
      assert.ok(
        counting.requests.some((request) => (request.tools ?? []).length === 0),
        "Pi's summarizer was asked",
      );
      assert.ok(compactionLog(pi).every((line) => line.event === "compaction.skipped"));
      await counting.close();
    });
  });
}
