// powercontext-fold and powercontext-pi in one real Pi process against a real Server, for the two recall placements
// that keep the prompt cache: `section` (a model that takes system messages mid-conversation, so a changed recall is
// one appended section patch; Pi 0.87 and later, where fold keeps those patches in place) and `message` (a hidden
// custom message, every host). Enough turns for fold to commit; the recorded requests show that between commits each
// request keeps the previous one as its exact prefix, that a commit rewrites the conversation only (never the tools or
// the system prompt), that recall stays in the window after it, and that recall fold folded comes back byte for byte.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { atLeast, keptPrefix } from "@powercontext/pi-testing";
import { startServerProcess, type ServerProcess } from "../../server/src/testing/server-process.ts";
import {
  briefsOf,
  callTool,
  lastToolJson,
  startFakeModel,
  stageFiles,
  type FakeModel,
  type WireRequest,
} from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi, type PiProcess, type PiVersion } from "./support/pi-rpc.ts";
import { rawItems, rawRecallTexts, RECALL_MESSAGE_TYPE } from "./support/recall.ts";
import { type Entry, latestState, sessionEntries } from "./support/session-entries.ts";

const PI_EXTENSION_PATH = new URL("../../pi/extensions/powercontext.ts", import.meta.url).pathname;
const STAGES = 14;
const TOPICS = "alder birch cedar dogwood elm fir ginkgo hazel ilex juniper kapok larch maple nutmeg olive pine";
const MEMORIES = TOPICS.split(" ").map(
  (topic, at) => `Decision ${at + 1}: the ${topic} module keeps its index in a B-tree.`,
);

type Placement = "section" | "message";

/** The requests of the agent's runs (Pi's summarizer calls carry no tools). */
const mainRequests = (fake: FakeModel) => fake.requests.filter((request) => (request.tools ?? []).length > 0);
const head = (request: WireRequest) => JSON.stringify([request.tools, request.messages[0]]);

async function rememberAll(serverUrl: string, scope: string): Promise<void> {
  for (const text of MEMORIES) {
    const response = await fetch(`${serverUrl}/v1/memory/remember`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope_id: scope, kind: "decision", text }),
    });
    assert.equal(response.status, 200);
  }
}

/** The whole verified source of a fold, paged through `peek`. */
async function peekSource(pi: PiProcess, fake: FakeModel, id: string): Promise<string> {
  let source = "";
  for (let offset: number | null = 0; offset !== null; ) {
    await pi.prompt(callTool({ action: "peek", id, offset, bytes: 16_000 }));
    const page = lastToolJson(fake);
    assert.equal(page.verified, true, `peek ${id} verified`);
    source += String(page.source);
    offset = page.next as number | null;
  }
  return source;
}

function suite(version: PiVersion, placement: Placement): void {
  let fake: FakeModel;
  let server: ServerProcess;
  let pi: PiProcess;

  before(async () => {
    fake = await startFakeModel();
    server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-fold-recall-")));
    const scope = `fold-recall-${placement}`;
    await rememberAll(server.url, scope);
    const home = makeHome({
      baseUrl: fake.baseUrl,
      contextWindow: 16_000,
      maxTokens: 2_000,
      settings: { compaction: { reserveTokens: 2_000 } },
      files: stageFiles(STAGES),
      compat: { supportsMidConvoSystemMessages: true },
    });
    const env = {
      POWERCONTEXT_PI_BASE_URL: server.url,
      POWERCONTEXT_PI_SCOPE_ID: scope,
      POWERCONTEXT_PI_CAPTURE_PROMPTS: "false",
      POWERCONTEXT_PI_RECALL_PLACEMENT: placement,
    };
    const args = ["--session-dir", `${home.agentDir}/sessions`, "-e", PI_EXTENSION_PATH, "-e", EXTENSION_PATH];
    pi = await startPi(home, args, version, env);
    for (const [at, topic] of TOPICS.split(" ").slice(0, STAGES).entries())
      await pi.prompt(`STAGE ${at + 1} READS 3 ${topic} module`);
  });

  after(async () => {
    await pi?.stop();
    server?.child.kill("SIGTERM");
    await server?.exited;
    await fake?.close();
  });

  test("between commits every request keeps the previous one as exact prefix; a commit rewrites only the conversation", async () => {
    const main = mainRequests(fake);
    const rewrites: number[] = [];
    for (let index = 1; index < main.length; index += 1) {
      const [previous, next] = [main[index - 1] as WireRequest, main[index] as WireRequest];
      if (keptPrefix(previous, next) === 1) continue;
      rewrites.push(index);
      assert.notDeepEqual(briefsOf(next), briefsOf(previous), `request ${index} rewrote the prefix without a commit`);
      assert.equal(head(next), head(previous), `the commit at request ${index} kept the tools and the system prompt`);
    }
    const commits = latestState(await sessionEntries(pi)).commits.length;
    assert.ok(rewrites.length >= 1 && rewrites.length <= commits, `rewrites ${rewrites.length}, commits ${commits}`);
    // Recall kept changing after the first commit, so the appends above include recall deliveries between commits.
    const first = rewrites[0] as number;
    const delivered = (request: WireRequest) => rawRecallTexts(request).length;
    // powercontext-pi sends only what the window does not hold: the memories are alike, so recall may have brought
    // every one of them before the commit, and then there is nothing new to deliver after it.
    const deliveredBefore = new Set(main.slice(0, first).flatMap((request) => [...rawItems(request, MEMORIES)]));
    assert.ok(
      deliveredBefore.size === MEMORIES.length ||
        main
          .slice(first)
          .some((request, at) => at > 0 && delivered(request) > delivered(main[first + at - 1] as WireRequest)),
      "a recall was delivered after a commit (or every memory had been delivered before it)",
    );
  });

  test("recall stays in the window after every commit", () => {
    const main = mainRequests(fake);
    const firstFolded = main.findIndex((request) => briefsOf(request).length > 0);
    assert.ok(firstFolded > 0, "fold committed");
    for (const request of main.slice(firstFolded)) assert.ok(rawRecallTexts(request).length > 0);
    // The recall in force carries the last stage's own memory.
    assert.ok(rawItems(main.at(-1) as WireRequest, MEMORIES).has(MEMORIES[STAGES - 1] as string));
  });

  test("nothing recalled is lost: each item is in the window or in a fold whose peek returns its exact bytes", async () => {
    const main = mainRequests(fake);
    const sent = new Set(main.flatMap((request) => [...rawItems(request, MEMORIES)]));
    const held = rawItems(main.at(-1) as WireRequest, MEMORIES);
    const missing = [...sent].filter((item) => !held.has(item));
    const list = await sessionEntries(pi);
    const state = latestState(list);
    const recallEntries = list.filter(
      (entry) => entry.type === "custom_message" && entry.customType === RECALL_MESSAGE_TYPE,
    ) as (Entry & { content: string })[];
    if (placement === "section") {
      // Section patches are prompt state: fold never folds them, so every item ever sent is still in the window.
      assert.deepEqual(missing, []);
      assert.deepEqual(recallEntries, []);
      return;
    }
    const folded = Object.entries(state.folds).filter(
      ([id, fold]) =>
        briefsOf(main.at(-1) as WireRequest).includes(id) &&
        recallEntries.some((entry) => fold.leaves.includes(entry.id)),
    );
    assert.ok(folded.length > 0, "fold folded a recall message");
    let sources = "";
    for (const [id, fold] of folded) {
      const source = await peekSource(pi, fake, id);
      assert.equal(createHash("sha256").update(source).digest("hex"), fold.sha256);
      for (const entry of recallEntries.filter((candidate) => fold.leaves.includes(candidate.id)))
        assert.ok(source.includes(JSON.stringify(entry.content).slice(1, -1)), "the recall message's exact text");
      sources += source;
    }
    for (const item of missing) assert.ok(sources.includes(item), `${item} is in a folded recall message`);
  });
}

// Before 0.87 Pi has no `context_with_system`, so it rebuilds the head at each fold and drops the section patches.
for (const version of PI_VERSIONS)
  for (const placement of ["section", "message"] as const)
    if (placement === "message" || atLeast(version, "0.87.0"))
      describe(`Pi ${version.name}: fold with recall as ${placement}`, () => suite(version, placement));
