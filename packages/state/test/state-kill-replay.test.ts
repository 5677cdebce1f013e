// Real Pi 1.6.0 and 0.82.1: the kill replay (support/kill-replay.ts) with a few seeded SIGKILLs per host — patches of
// one and two scopes, `final: true` patches and turn-resolution fallback turns, some kills inside a publication on
// purpose — never leaves unreadable state, a lost acknowledged patch, a phantom value or a leftover file.
// The ≥ 50-kill run is `npm run bench -- state-kills` (docs/benchmarks.md, "State").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runKillReplay } from "./support/kill-replay.ts";
import { PI_VERSIONS } from "./support/pi-rpc.ts";

const KILLS = 6;
/** A seed whose kills include ones inside a publication that leave staged files behind. */
const SEED = 1;

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: kill replay`, () => {
    test(`${KILLS} seeded SIGKILLs during patches and fallback turns lose nothing and leave nothing behind`, async () => {
      const report = await runKillReplay({ version, kills: KILLS, seed: SEED });
      assert.deepEqual(report.failures, []);
      assert.equal(report.kills, KILLS);
      assert.ok(report.midPublication >= 1, `some kills landed mid-publication: ${JSON.stringify(report)}`);
      assert.ok(report.withLeftovers >= 1, `some kills left staged files to remove: ${JSON.stringify(report)}`);
      assert.ok(report.acknowledged >= KILLS, `acknowledged patches were checked: ${JSON.stringify(report)}`);
    });
  });
}
