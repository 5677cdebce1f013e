// Proof in a real Pi process (RPC mode), on Pi 1.6.0 and 0.82.1: a value read early, folded away by threshold commits
// (into folds of folds) and then removed from disk, is found with one find call and read back exactly with one peek;
// every brief, at every depth, carries its index; find moves nothing in the window. The fold store keeps each leaf
// once (within 1.2× the session file after nested consolidation), and a store of the former layout is migrated when
// a new process resumes the session.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { callTool, lastToolJson, startFakeModel, stageFiles, type WireRequest } from "./support/fake-model.ts";
import { openContentAddressedStore } from "../src/content-store.ts";
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

const sizeOf = (files: readonly string[]): number => files.reduce((total, file) => total + statSync(file).size, 0);

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

        // The store keeps each leaf once: after nested consolidation it stays within 1.2× the session file.
        const sessionFile = filesUnder(join(home.agentDir, "sessions")).find((file) =>
          file.endsWith(".jsonl"),
        ) as string;
        const storeFiles = filesUnder(home.agentDir).filter((file) => file.includes("/powercontext-fold/"));
        const ratio = sizeOf(storeFiles) / statSync(sessionFile).size;
        assert.ok(ratio <= 1.2, `fold store ${sizeOf(storeFiles)} bytes, ${ratio.toFixed(2)}× the session file`);
        assert.ok(
          storeFiles.some((file) => file.endsWith(".fold.json")) &&
            storeFiles.some((file) => file.includes("/leaves/")),
        );

        // A store of the former layout (a whole source per fold) is migrated when a new process opens the session.
        await pi.stop();
        const storeRoot = storeFiles.find((file) => file.endsWith(".fold.json"))?.replace(/\/[^/]+$/, "") as string;
        const current = openContentAddressedStore(storeRoot, join(home.agentDir, "unused-evidence"));
        const sources = new Map(folds.map((fold) => [fold.sha256, current.get(fold.sha256) ?? ""] as const));
        for (const [sha, text] of sources) assert.equal(createHash("sha256").update(text).digest("hex"), sha);
        for (const file of filesUnder(storeRoot)) unlinkSync(file);
        rmSync(join(storeRoot, "leaves"), { recursive: true, force: true });
        for (const [sha, text] of sources) writeFileSync(join(storeRoot, `${sha}.json`), text, { mode: 0o444 });
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
          const migrated = readdirSync(storeRoot);
          assert.deepEqual(
            migrated.filter((name) => /^[0-9a-f]{64}\.json$/.test(name)),
            [],
            "no former file is left",
          );
          for (const sha of sources.keys()) assert.ok(migrated.includes(`${sha}.fold.json`), `${sha} migrated`);
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
