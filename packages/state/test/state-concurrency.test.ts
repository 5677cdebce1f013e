// Real Pi processes (1.6.0 and 0.82.1) sharing one agent directory and cwd: concurrent patches, and a writer killed mid-publication.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { cwdKey } from "../src/scopes.ts";
import { JOURNAL_FILE } from "../src/journal.ts";
import { LOCK_FILE, openStateStore } from "../src/state-file.ts";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import {
  CRASH_AFTER_FIRST_HEAD_PATH,
  makeHome,
  PI_VERSIONS,
  startPi,
  type HermeticHome,
  type PiProcess,
} from "./support/pi-rpc.ts";

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: concurrent processes`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    const running: PiProcess[] = [];

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
    });
    after(async () => {
      await Promise.all(running.map((pi) => pi.stop()));
      await model.close();
    });

    async function start(extension?: string): Promise<PiProcess> {
      const pi = await startPi(home, { version, ...(extension === undefined ? {} : { extension }) });
      running.push(pi);
      return pi;
    }

    const root = () => join(home.agentDir, "powercontext-state");
    const cwdState = async () =>
      (await openStateStore({ root: root() }).readView({ global: "global", cwd: cwdKey(home.cwd), session: "none" }))
        .cwd;

    function resultsOf(marker: string): unknown[] {
      return toolResults(model.requests.filter((request) => JSON.stringify(request.messages).includes(marker)));
    }

    test("two Pi processes patching the same cwd scope at once: one commits, the other gets a CAS conflict, no update is lost", async () => {
      const [a, b] = await Promise.all([start(), start()]);
      await Promise.all([
        a.prompt(script([{ call: "patch_state", args: { cwd: { working: { from_a: 1 } } } }], "race-a HOLD:race:2 ")),
        b.prompt(script([{ call: "patch_state", args: { cwd: { working: { from_b: 1 } } } }], "race-b HOLD:race:2 ")),
      ]);
      const outcomes = [resultsOf("race-a")[0], resultsOf("race-b")[0]] as {
        ok: boolean;
        code?: string;
        details?: { scopes: string[] };
      }[];
      const winners = outcomes.filter((outcome) => outcome.ok === true);
      const losers = outcomes.filter((outcome) => outcome.ok === false);
      assert.equal(winners.length, 1, JSON.stringify(outcomes));
      assert.equal(losers[0]?.code, "state_conflict");
      assert.deepEqual(losers[0]?.details?.scopes, ["cwd"]);
      const loser = outcomes[0]?.ok === false ? a : b;
      const loserKey = outcomes[0]?.ok === false ? "from_a" : "from_b";
      await loser.prompt(script([{ call: "patch_state", args: { cwd: { working: { [loserKey]: 1 } } } }], "retry "));
      const cwd = await cwdState();
      assert.deepEqual(cwd.current.working, { from_a: 1, from_b: 1 });
      assert.equal(cwd.head?.revision, 2);
    });

    test("a writer killed mid-publication leaves the previous state readable, and the next writer rolls it back", async () => {
      const committedBefore = readFileSync(join(root(), "scopes", `cwd.${cwdKey(home.cwd)}.json`));
      const doomed = await start(CRASH_AFTER_FIRST_HEAD_PATH);
      void doomed
        .prompt(
          script(
            [
              {
                call: "patch_state",
                args: { global: { contract: { doomed: true } }, cwd: { working: { doomed: true } } },
              },
            ],
            "doomed ",
          ),
        )
        .catch(() => undefined);
      const [, signal] = await doomed.exited;
      assert.equal(signal, "SIGKILL");
      assert.equal(existsSync(join(root(), JOURNAL_FILE)), true, "the crash left its journal");
      assert.equal(existsSync(join(root(), LOCK_FILE)), true, "the crash left its lock");
      const staged = readdirSync(join(root(), "scopes")).filter((name) => name.includes(".tmp-"));
      assert.equal(staged.length, 1, "the crash left the staged file it had not yet renamed");
      const reader = running[0] as PiProcess;
      await reader.prompt(script([{ call: "read_state", args: {} }], "after-crash "));
      const read = resultsOf("after-crash")[0] as {
        ok: boolean;
        state: { contract: Record<string, unknown>; working: Record<string, unknown> };
      };
      assert.equal(read.ok, true);
      assert.equal(read.state.contract.doomed, undefined);
      assert.deepEqual(read.state.working, { from_a: 1, from_b: 1 });
      assert.deepEqual(readFileSync(join(root(), "scopes", `cwd.${cwdKey(home.cwd)}.json`)), committedBefore);
      assert.equal(
        existsSync(join(root(), "scopes", "global.json")),
        false,
        "the global file written by the dead writer was removed",
      );
      assert.equal(existsSync(join(root(), JOURNAL_FILE)), false);
      const leftovers = [...readdirSync(root()), ...readdirSync(join(root(), "scopes"))].filter((name) =>
        /\.tmp-|\.new-/.test(name),
      );
      assert.deepEqual(leftovers, [], "the next lock holder removed the dead writer's temporary files");
    });
  });
}
