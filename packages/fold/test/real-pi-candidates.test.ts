// Proof in a real Pi process (RPC mode), on Pi 1.6.0 and 0.82.1: the provider registerFold returns, called by a host
// extension with its Pi context, lists exactly the briefs of the latest request, in the window's order.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { briefsOf, startFakeModel, stageFiles, type WireRequest } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi } from "./support/pi-rpc.ts";
import { latestState, sessionEntries } from "./support/session-entries.ts";

const REGISTER = fileURLToPath(new URL("../extensions/fold.ts", import.meta.url));
const HOST = `import { registerFold } from ${JSON.stringify(REGISTER)};
export default (pi) => {
  const fold = registerFold(pi);
  pi.registerCommand("candidates", {
    handler: async (_args, ctx) => ctx.ui.notify(JSON.stringify({ candidates: fold.projectionCandidates(ctx) }), "info"),
  });
};
`;

interface Candidate {
  horizon: string;
  source_id: string;
  source_version: string;
  route: { tool: string; arguments: { action: string; id: string } };
  token_cost: number;
  expansion_cost: number;
  rank: number;
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("projectionCandidates lists the latest request's briefs in window order, with the seed's fields", async () => {
      const fake = await startFakeModel();
      const home = makeHome({ baseUrl: fake.baseUrl, contextWindow: 16_000, maxTokens: 2_000, files: stageFiles(8) });
      const host = join(home.agentDir, "fold-host.ts");
      writeFileSync(host, HOST);
      const pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, "-e", host], version);
      try {
        for (let stage = 1; stage <= 8; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
        const from = pi.events.length;
        await pi.send({ type: "prompt", message: "/candidates" });
        let note: string | undefined;
        for (let waited = 0; waited < 200 && note === undefined; waited += 1) {
          note = pi.events
            .slice(from)
            .map((event) => (event.type === "extension_ui_request" ? String(event.message) : ""))
            .find((message) => message.startsWith('{"candidates"'));
          if (note === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        assert.ok(note !== undefined, "the host's command answered");
        const candidates = (JSON.parse(note) as { candidates: Candidate[] }).candidates;
        const briefs = briefsOf(fake.requests.at(-1) as WireRequest);
        assert.ok(briefs.length > 0, "folds were committed");
        assert.deepEqual(
          candidates.map((candidate) => candidate.source_id),
          briefs,
        );
        const state = latestState(await sessionEntries(pi));
        for (const [rank, candidate] of candidates.entries()) {
          assert.equal(candidate.rank, rank);
          assert.equal(candidate.horizon, "working");
          assert.equal(candidate.source_version, state.folds[candidate.source_id]?.sha256);
          assert.deepEqual(candidate.route, {
            tool: "fold_context",
            arguments: { action: "expand", id: candidate.source_id },
          });
          assert.ok(candidate.token_cost >= 1 && candidate.expansion_cost > candidate.token_cost);
        }
      } finally {
        await pi.stop();
        await fake.close();
      }
    });
  });
}
