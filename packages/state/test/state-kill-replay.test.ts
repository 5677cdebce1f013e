// Real Pi 1.6.0 and 0.82.1: the kill replay (support/kill-replay.ts) with a few seeded SIGKILLs per host — patches of
// one and two scopes, `final: true` patches and turn-resolution fallback turns, some kills inside a publication on
// purpose — with Git history off never leaves unreadable state, a lost acknowledged patch, a phantom value or a leftover file. With Git
// backup and a local bare remote on (support/kill-git.ts), kills also land during commits and pushes (Pi's Git
// children are killed too), and after every restart the push queue parses, drains to the remote, no lease stays with
// a dead owner and HEAD holds the store as it is on disk.
// The ≥ 50-kill runs are `npm run bench -- state-kills [--git]` (docs/benchmarks.md, "State: kill replay").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gitReplay } from "./support/kill-git.ts";
import { runKillReplay } from "./support/kill-replay.ts";
import { PI_VERSIONS } from "./support/pi-rpc.ts";

const KILLS = 6;
const GIT_KILLS = 4;
/** A seed whose kills include ones inside a publication that leave staged files behind. */
const SEED = 1;

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: kill replay`, () => {
    test(`${KILLS} seeded SIGKILLs during patches and fallback turns lose nothing and leave nothing behind`, async () => {
      // The file-only replay: Git history is on by default, so it is turned off here (the Git arm is the next test).
      const env = { POWERCONTEXT_STATE_GIT_BACKUP: "0" };
      const report = await runKillReplay({ version, kills: KILLS, seed: SEED, env });
      assert.deepEqual(report.failures, []);
      assert.equal(report.kills, KILLS);
      assert.ok(report.midPublication >= 1, `some kills landed mid-publication: ${JSON.stringify(report)}`);
      assert.ok(report.withLeftovers >= 1, `some kills left staged files to remove: ${JSON.stringify(report)}`);
      assert.ok(report.acknowledged >= KILLS, `acknowledged patches were checked: ${JSON.stringify(report)}`);
    });

    test(`${GIT_KILLS} seeded SIGKILLs with Git backup and push on leave no stuck queue, dead lease or blocked commit`, async () => {
      const git = gitReplay();
      const report = await runKillReplay({ version, kills: GIT_KILLS, seed: SEED, ...git, killChildren: true });
      assert.deepEqual(report.failures, []);
      assert.equal(report.kills, GIT_KILLS);
      assert.ok(report.acknowledged >= GIT_KILLS, `acknowledged patches were checked: ${JSON.stringify(report)}`);
    });
  });
}
