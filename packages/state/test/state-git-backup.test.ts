// Real Pi (1.6.0 and 0.82.1) with POWERCONTEXT_STATE_GIT_BACKUP=true: one local commit per turn that accepted a
// transition, none for a turn that accepted none; the lock, journal and temporary files are never committed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";

function gitLog(root: string): string[] {
  if (!existsSync(join(root, ".git"))) return [];
  const out = execFileSync("git", ["log", "--format=%s"], { cwd: root, encoding: "utf8" }).trim();
  return out === "" ? [] : out.split("\n");
}

async function waitForCommits(root: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = gitLog(root);
    if (log.length >= count || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: Git backup`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version, env: { POWERCONTEXT_STATE_GIT_BACKUP: "true" } });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    test("each turn that accepted transitions becomes one local commit; a turn without one commits nothing", async () => {
      const root = join(home.agentDir, "powercontext-state");
      const from = model.requests.length;
      await pi.prompt(
        script([
          { call: "patch_state", args: { cwd: { contract: { db: "sqlite" } } } },
          { call: "patch_state", args: { session: { working: { next: "tests" } } } },
        ]),
      );
      const receipts = toolResults(model.requests.slice(from)) as { ok: boolean; transition: string }[];
      assert.deepEqual(
        receipts.map((receipt) => receipt.ok),
        [true, true],
      );
      const first = await waitForCommits(root, 1);
      assert.deepEqual(first, [`powercontext-state: ${receipts.map((receipt) => receipt.transition).join(" ")}`]);
      await pi.prompt("hello, no patch this turn");
      const third = model.requests.length;
      await pi.prompt(script([{ call: "patch_state", args: { cwd: { contract: { db: "postgres" } } } }]));
      const [receipt] = toolResults(model.requests.slice(third)) as { transition: string }[];
      const log = await waitForCommits(root, 2);
      assert.deepEqual(
        log,
        [`powercontext-state: ${receipt?.transition}`, ...first],
        "no commit for the turn without a patch",
      );
      const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).trim().split("\n");
      assert.ok(
        files.every((file) => file === ".gitignore" || file.startsWith("scopes/")),
        `only the scope files are backed up: ${files.join(", ")}`,
      );
      assert.equal(files.filter((file) => file.startsWith("scopes/")).length, 2);
    });
  });
}
