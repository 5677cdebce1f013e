// Real Pi (1.6.0 and 0.82.1) with Git history on (the default): when the cohort's commit fails after the files became
// visible, the seed's rule holds: the transition is refused with `history_commit_failed`, the scope files get their
// previous bytes back (read_state shows the old value), and once the repository is repaired the next patch commits.
// The commit is made to fail without hooks by putting a file where .git/objects was (root ignores read-only modes).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

interface Result {
  ok: boolean;
  code?: string;
  message?: string;
  state?: { working?: unknown };
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: a failed Git commit refuses the transition`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    async function run(steps: Parameters<typeof script>[0]): Promise<Result[]> {
      const from = model.requests.length;
      await pi.prompt(script(steps));
      return toolResults(model.requests.slice(from)) as Result[];
    }

    test("patch_state answers history_commit_failed, read_state shows the old value, and after a repair a patch commits", async () => {
      const root = join(home.agentDir, "powercontext-state");
      const [first] = await run([{ call: "patch_state", args: { cwd: { working: { value: 1 } } } }]);
      assert.equal(first?.ok, true);
      assert.equal(git(root, "log", "--format=%H").split("\n").length, 1);

      const objects = join(root, ".git", "objects");
      renameSync(objects, `${objects}.away`);
      writeFileSync(objects, "not a directory");
      const [refused, read] = await run([
        { call: "patch_state", args: { cwd: { working: { value: 2 } } } },
        { call: "read_state", args: { scope: "cwd" } },
      ]);
      assert.deepEqual([refused?.ok, refused?.code], [false, "history_commit_failed"], JSON.stringify(refused));
      assert.match(refused?.message ?? "", /previous state was restored/);
      assert.deepEqual(read?.state?.working, { value: 1 }, "the refused transition left nothing behind");

      rmSync(objects);
      renameSync(`${objects}.away`, objects);
      const [accepted, reread] = await run([
        { call: "patch_state", args: { cwd: { working: { value: 3 } } } },
        { call: "read_state", args: { scope: "cwd" } },
      ]);
      assert.equal(accepted?.ok, true, JSON.stringify(accepted));
      assert.deepEqual(reread?.state?.working, { value: 3 });
      assert.equal(git(root, "log", "--format=%H").split("\n").length, 2, "one commit per accepted transition");
      for (const name of readdirSync(join(root, "scopes")))
        assert.equal(
          git(root, "rev-parse", `HEAD:scopes/${name}`),
          git(root, "hash-object", `scopes/${name}`),
          `HEAD holds ${name} as it is on disk`,
        );
    });
  });
}
