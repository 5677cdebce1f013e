// Proof in a real Pi process (RPC mode), on Pi 1.6.0 and 0.82.1: a value read early, folded away by threshold commits
// (into folds of folds) and then removed from disk, is found with one find call and read back exactly with one peek;
// every brief, at every depth, carries its index; find moves nothing in the window. The fold store keeps each leaf
// once in a pack file (within 1.2× the session file after nested consolidation, in allocated blocks too), and a store
// written in the two earlier layouts is migrated when a new process resumes the session.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { callTool, lastToolJson, startFakeModel, stageFiles, type WireRequest } from "./support/fake-model.ts";
import { openContentAddressedStore } from "../src/content-store.ts";
import { openEvidenceBackedStore } from "../src/evidence-store.ts";
import { openLeafFileStore } from "../src/leaf-file-store.ts";
import { packedRecords } from "./support/pack-records.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi } from "./support/pi-rpc.ts";
import { latestState, sessionEntries } from "./support/session-entries.ts";

const PLANTED = "ZEBRA-4471";
const STAGES = 16;

interface Match {
  id: string;
  within: string[];
  sha256: string;
  offset: number;
  length: number;
  peek: Record<string, unknown>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Apparent bytes and allocated blocks under `dir`, the directories included (as `du` counts them). */
function diskUsage(dir: string): { apparent: number; allocated: number } {
  const total = { apparent: 0, allocated: statSync(dir).blocks * 512 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const inner = entry.isDirectory()
      ? diskUsage(path)
      : { apparent: statSync(path).size, allocated: statSync(path).blocks * 512 };
    total.apparent += inner.apparent;
    total.allocated += inner.allocated;
  }
  return total;
}

const messagesOf = (request: WireRequest | undefined): string[] =>
  (request?.messages ?? []).map((message) => JSON.stringify(message));

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("find → peek returns the exact bytes of a value read early and folded away; briefs index every depth; the store keeps each leaf once and migrates the former layout", async () => {
      const fake = await startFakeModel();
      const files = stageFiles(STAGES);
      files["stage-1-2.txt"] =
        `FILE stage 1 part 2\nthe gate code is ${PLANTED}; keep it\n${"filler line\n".repeat(200)}`;
      const home = makeHome({ baseUrl: fake.baseUrl, contextWindow: 16_000, maxTokens: 2_000, files });
      const pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH], version);
      try {
        await pi.prompt("STAGE 1 READS 3");
        rmSync(join(home.cwd, "stage-1-2.txt"));
        for (let stage = 2; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
        const state = latestState(await sessionEntries(pi));
        const folds = Object.entries(state.folds).map(([id, fold]) => ({ id, ...fold }));
        assert.ok(
          folds.some((fold) => fold.children.length > 0),
          "threshold commits made a fold of folds",
        );
        for (const fold of folds) {
          assert.match(fold.brief, /\nfiles: stage-\d+-\d\.txt/, `${fold.id}'s brief indexes its files`);
          for (const child of fold.children)
            assert.match(fold.brief, new RegExp(`\\b${child}\\b`), `${fold.id} names ${child}`);
        }
        assert.ok(!JSON.stringify(fake.requests.at(-1)?.messages).includes(PLANTED), "the value left the window");

        const before = fake.requests.length;
        await pi.prompt(callTool({ action: "find", query: PLANTED }));
        const found = lastToolJson(fake) as { total: number; matches: Match[]; verified: boolean };
        assert.equal(found.verified, true);
        assert.equal(found.total, 1, JSON.stringify(found).slice(0, 400));
        const match = found.matches[0] as Match;
        assert.equal(state.folds[match.id]?.sha256, match.sha256);
        const asked = fake.requests.slice(before);
        const previous = messagesOf(fake.requests[before - 1]);
        for (const request of asked)
          assert.deepEqual(messagesOf(request).slice(0, previous.length), previous, "find rewrote nothing");

        await pi.prompt(callTool(match.peek));
        const page = lastToolJson(fake) as { verified: boolean; offset: number; source: string; sha256: string };
        assert.equal(page.verified, true);
        assert.equal(page.sha256, match.sha256);
        const at = match.offset - page.offset;
        assert.equal(page.source.slice(at, at + match.length), PLANTED);
        assert.ok(page.source.includes(`the gate code is ${PLANTED}; keep it\\n`), "the exact bytes as read");
        assert.equal(latestState(await sessionEntries(pi)).commits.length, state.commits.length, "no commit");

        // The store keeps each leaf once, packed: after nested consolidation it stays within 1.2× the session file,
        // in allocated blocks (as `du` counts them) as well as in bytes.
        const sessionFile = filesUnder(join(home.agentDir, "sessions")).find((file) =>
          file.endsWith(".jsonl"),
        ) as string;
        const storeRoot = dirname(
          filesUnder(home.agentDir).find((file) => /\/powercontext-fold\/[^/]+\/\d{4}\.pack$/.test(file)) as string,
        );
        const assertWithinBound = (when: string): void => {
          const store = diskUsage(storeRoot);
          const session = statSync(sessionFile);
          const ratio = store.allocated / (session.blocks * 512);
          assert.ok(store.apparent <= 1.2 * session.size, `${when}: ${store.apparent} bytes, session ${session.size}`);
          assert.ok(ratio <= 1.2, `${when}: ${store.allocated} bytes allocated, ${ratio.toFixed(2)}× the session file`);
        };
        assertWithinBound("after nested consolidation");
        assert.deepEqual(readdirSync(storeRoot), ["0001.pack"], "one pack file, no file per leaf");
        const packedFolds = packedRecords(storeRoot).filter((record) => record.kind === "fold");
        for (const fold of folds)
          assert.ok(
            packedFolds.some((record) => record.sha === fold.sha256),
            `${fold.id}'s record is packed`,
          );

        // A store written in the two earlier layouts (a whole source per fold; a file per leaf and a record per
        // fold) is migrated when a new process opens the session.
        await pi.stop();
        const current = openContentAddressedStore(storeRoot, join(home.agentDir, "unused-evidence"));
        const sources = new Map(folds.map((fold) => [fold.sha256, current.get(fold.sha256) ?? ""] as const));
        for (const [sha, text] of sources) assert.equal(createHash("sha256").update(text).digest("hex"), sha);
        rmSync(storeRoot, { recursive: true });
        const wholeSources = openEvidenceBackedStore(storeRoot, join(home.agentDir, "unused-evidence"));
        const leafFiles = openLeafFileStore(storeRoot, join(home.agentDir, "unused-evidence"));
        for (const fold of folds)
          (fold.children.length > 0 ? leafFiles : wholeSources).put(sources.get(fold.sha256) as string);
        const formerNames = readdirSync(storeRoot);
        assert.ok(formerNames.includes("leaves") && formerNames.some((name) => /^[0-9a-f]{64}\.json$/.test(name)));
        const resumed = await startPi(
          home,
          ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH, "--continue"],
          version,
        );
        try {
          await resumed.prompt(callTool({ action: "peek", id: match.id, offset: page.offset, bytes: 410 }));
          const again = lastToolJson(fake) as { verified: boolean; source: string };
          assert.equal(again.verified, true);
          assert.equal(again.source, page.source, "the same exact bytes after the migration");
          assert.deepEqual(readdirSync(storeRoot), ["0001.pack"], "no former file is left");
          const migrated = packedRecords(storeRoot);
          for (const sha of sources.keys())
            assert.ok(
              migrated.some((record) => record.kind === "fold" && record.sha === sha),
              `${sha} migrated`,
            );
          assertWithinBound("after the migration");
        } finally {
          await resumed.stop();
        }
      } finally {
        await pi.stop();
        await fake.close();
      }
    });
  });
}
