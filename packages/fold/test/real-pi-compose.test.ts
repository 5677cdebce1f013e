// powercontext-fold composed with powercontext-pi in one real Pi process (1.6.0 and 0.82.1), against a real
// PowerContext Server and the fake model: both tool sets are offered, recall keeps arriving in the system prompt
// while folds commit, and the window stays cache-safe (every rewrite is a commit) with tool linkage intact.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startServerProcess, type ServerProcess } from "../../server/src/testing/server-process.ts";
import {
  startFakeModel,
  systemPromptOf,
  wireLinkageViolation,
  type FakeModel,
  type WireRequest,
  briefsOf,
  stageFiles,
} from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi, type PiProcess, type PiVersion } from "./support/pi-rpc.ts";

const PI_EXTENSION_PATH = new URL("../../pi/extensions/powercontext.ts", import.meta.url).pathname;
const STAGES = 10;
const DECISION = "We decided to build the fold index with a B-tree keyed by entry id.";

function suite(version: PiVersion): void {
  let fake: FakeModel;
  let server: ServerProcess;
  let pi: PiProcess;

  before(async () => {
    fake = await startFakeModel();
    server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-fold-compose-")));
    const home = makeHome({
      baseUrl: fake.baseUrl,
      contextWindow: 16_000,
      maxTokens: 2_000,
      settings: { compaction: { reserveTokens: 2_000 } },
      files: stageFiles(STAGES),
    });
    pi = await startPi(
      home,
      ["--session-dir", `${home.agentDir}/sessions`, "-e", PI_EXTENSION_PATH, "-e", EXTENSION_PATH],
      version,
      { POWERCONTEXT_PI_BASE_URL: server.url },
    );
    await pi.prompt(`CALL_TOOL:pc_remember ${JSON.stringify({ kind: "decision", text: DECISION })}`);
    for (let stage = 1; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3 fold index B-tree`);
  });

  after(async () => {
    await pi?.stop();
    server?.child.kill("SIGTERM");
    await server?.exited;
    await fake?.close();
  });

  test("both packages' tools are offered in every request", () => {
    for (const request of fake.requests.filter((candidate) => (candidate.tools ?? []).length > 0)) {
      const names = (request.tools ?? []).map((tool) => tool.function.name);
      assert.ok(names.includes("fold_context"));
      assert.equal(names.filter((name) => name.startsWith("pc_")).length, 13);
    }
  });

  test("recall reaches the system prompt while folds commit", () => {
    const main = fake.requests.filter((request) => (request.tools ?? []).length > 0);
    const folded = main.filter((request) => briefsOf(request).length > 0);
    assert.ok(folded.length > 0, "folds committed");
    assert.ok(
      folded.every((request) => systemPromptOf(request).includes(DECISION)),
      "every request carrying briefs also carries the recalled decision",
    );
  });

  test("every prefix rewrite is a fold commit, the ledger attributes each, and tool linkage holds", async () => {
    const main = fake.requests.filter((request) => (request.tools ?? []).length > 0);
    let rewrites = 0;
    for (let index = 1; index < main.length; index += 1) {
      const previous = (main[index - 1] as WireRequest).messages.map((message) => JSON.stringify(message));
      const next = (main[index] as WireRequest).messages.map((message) => JSON.stringify(message));
      const system = (messages: string[]) => (messages[0]?.includes('"role":"system"') ? 1 : 0);
      // The system prompt changes with each turn's recall; the cache invariant is about the conversation.
      if (previous.slice(system(previous)).every((message, at) => next[at + system(next)] === message)) continue;
      rewrites += 1;
      assert.notDeepEqual(briefsOf(main[index] as WireRequest), briefsOf(main[index - 1] as WireRequest));
    }
    assert.ok(rewrites >= 1, "at least one commit rewrote the window");
    const status = await pi.command("status");
    assert.equal((status.cache as { unattributedRewrites: number }).unattributedRewrites, 0);
    for (const request of fake.requests) assert.equal(wireLinkageViolation(request), null);
  });
}

for (const version of PI_VERSIONS) describe(`Pi ${version.name}`, () => suite(version));
