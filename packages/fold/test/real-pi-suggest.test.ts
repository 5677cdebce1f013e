// Proof in a real Pi process (RPC mode), on Pi 1.6.0 and 0.82.1: when the current work names something a folded read
// holds and the brief in the window does not say so, a commit carries one suggestion pointing at that fold, as bytes
// that stay the same in every later request; a fold whose suggestions are ignored twice is silenced for good (also
// after a new process resumes the session), and a peek of a suggested fold is a take that keeps it suggestable.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { callTool, lastToolJson, startFakeModel, stageFiles, wireText } from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, type PiProcess, startPi } from "./support/pi-rpc.ts";
import { type Entry, sessionEntries } from "./support/session-entries.ts";

const IGNORED_KEY = "quartzKey_77";
const TAKEN_KEY = "emberCode_42";

interface SuggestState {
  folds: Record<string, { leaves: string[]; suggestion?: string; commit: number }>;
  commits: { commit: number; suggested?: string }[];
  suggestions?: { fold: string; commit: number; taken: boolean }[];
  silenced?: string[];
}

async function stateOf(pi: PiProcess): Promise<{ state: SuggestState; entries: Entry[] }> {
  const entries = await sessionEntries(pi);
  const state = entries.filter((entry) => entry.customType === "powercontext-fold.state").at(-1)?.data;
  return { state: (state ?? { folds: {}, commits: [] }) as unknown as SuggestState, entries };
}

/** The entry id of the read result that holds `key`. */
const readHolding = (entries: readonly Entry[], key: string): string =>
  entries.find((entry) => entry.message?.role === "toolResult" && JSON.stringify(entry.message).includes(key))
    ?.id as string;

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("a commit carries one suggestion of the fold that undersells the current work; two ignored silence it for good, a peek takes it", async () => {
      const fake = await startFakeModel();
      const files = stageFiles(40);
      files["stage-1-2.txt"] = `FILE stage 1 part 2\nrotation = ${IGNORED_KEY}\n${"filler line\n".repeat(200)}`;
      files["stage-2-1.txt"] = `FILE stage 2 part 1\nember = ${TAKEN_KEY}\n${"filler line\n".repeat(200)}`;
      const home = makeHome({ baseUrl: fake.baseUrl, contextWindow: 16_000, maxTokens: 2_000, files });
      const args = ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH];
      let pi = await startPi(home, args, version);
      let stage = 0;
      const nextStage = (about = "") => pi.prompt(`${about}STAGE ${(stage += 1)} READS 3`);
      try {
        for (let n = 0; n < 4; n += 1) await nextStage();
        // The current work names the first key until a fold is silenced; nothing is taken.
        let { state, entries } = await stateOf(pi);
        const ignoredLeaf = readHolding(entries, IGNORED_KEY);
        for (let n = 0; n < 24 && (state.silenced ?? []).length === 0; n += 1) {
          await nextStage(`about ${IGNORED_KEY}: `);
          ({ state } = await stateOf(pi));
        }
        const shown = state.suggestions ?? [];
        assert.ok(shown.length >= 2, `two suggestions were shown: ${JSON.stringify(shown)}`);
        const first = shown[0] as { fold: string; commit: number };
        assert.ok(state.folds[first.fold]?.leaves.includes(ignoredLeaf), "the first names the fold holding the read");
        const silenced = state.silenced ?? [];
        assert.ok(silenced.includes(first.fold), `${first.fold} silenced after two ignored suggestions`);
        for (const commit of state.commits)
          assert.ok((commit.suggested === undefined) !== shown.some((record) => record.commit === commit.commit));
        for (const commit of new Set(Object.values(state.folds).map((fold) => fold.commit)))
          assert.ok(
            Object.values(state.folds).filter((fold) => fold.commit === commit && fold.suggestion !== undefined)
              .length <= 1,
            `commit ${commit} carried at most one suggestion`,
          );
        // Each carried line is in the window as the same bytes from its commit on (while its brief shows).
        const line = (Object.values(state.folds).find((fold) => fold.suggestion !== undefined)?.suggestion ??
          "") as string;
        const carrying = fake.requests.filter((request) =>
          request.messages.some((message) => wireText(message.content).includes(line)),
        );
        assert.ok(line !== "" && carrying.length >= 2, "the suggestion reached the model in later requests unchanged");

        // The second key: its first suggestion is taken with a peek, so it is never silenced.
        ({ entries } = await stateOf(pi));
        const takenLeaf = readHolding(entries, TAKEN_KEY);
        let taken: string | undefined;
        for (let n = 0; n < 16 && taken === undefined; n += 1) {
          await nextStage(`about ${TAKEN_KEY}: `);
          ({ state } = await stateOf(pi));
          taken = state.suggestions?.find((record) => state.folds[record.fold]?.leaves.includes(takenLeaf))?.fold;
        }
        assert.ok(taken !== undefined, "the fold holding the second key was suggested");
        await pi.prompt(callTool({ action: "peek", id: taken, offset: 0, bytes: 4000 }));
        assert.ok(JSON.stringify(lastToolJson(fake)).includes(TAKEN_KEY), "the peek shows the key");
        ({ state } = await stateOf(pi));
        assert.ok(
          state.suggestions?.some((record) => record.fold === taken && record.taken),
          "the take persisted",
        );
        const commits = state.commits.length;
        for (let n = 0; n < 12 && state.commits.length < commits + 3; n += 1) {
          await nextStage(`about ${TAKEN_KEY}: `);
          ({ state } = await stateOf(pi));
        }
        assert.ok(!(state.silenced ?? []).includes(taken), "a taken fold is not silenced");

        // A new process resumes the session: the silenced fold stays silent through its commits.
        await pi.stop();
        pi = await startPi(home, [...args, "--continue"], version);
        const resumedFrom = state.commits.length;
        for (let n = 0; n < 12 && state.commits.length < resumedFrom + 2; n += 1) {
          await nextStage(`about ${IGNORED_KEY}: `);
          ({ state } = await stateOf(pi));
        }
        assert.ok(state.commits.length >= resumedFrom + 2, "the resumed process committed");
        assert.ok(
          silenced.every((fold) => state.silenced?.includes(fold)),
          "silenced folds survive the reload",
        );
        for (const commit of state.commits.slice(resumedFrom))
          assert.ok(!silenced.includes(commit.suggested ?? ""), `commit ${commit.commit} suggests no silenced fold`);
      } finally {
        await pi.stop();
        await fake.close();
      }
    });
  });
}
