// Folds across the session's lifecycle in a real Pi process (RPC), on Pi 1.6.0 and 0.82.1: a session resumed by a new
// process keeps its folds, its exact prefix and its verifiable originals; `/tree` navigation (driven through
// `ctx.navigateTree` from a command, as the TUI's /tree does) shows the folds of the branch it lands on, with or
// without a branch summary.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  lastToolJson,
  startFakeModel,
  wireLinkageViolation,
  wireText,
  type FakeModel,
  type WireRequest,
  briefsOf,
  callTool,
  stageFiles,
} from "./support/fake-model.ts";
import {
  EXTENSION_PATH,
  type HermeticHome,
  makeHome,
  PI_VERSIONS,
  startPi,
  type PiProcess,
  type PiVersion,
} from "./support/pi-rpc.ts";
import { type Entry, latestState, sessionEntries } from "./support/session-entries.ts";

const STAGES = 8;
const NAVIGATOR = `export default (pi) => pi.registerCommand("nav", {
  handler: async (args, ctx) => {
    const [id, summarize] = args.trim().split(" ");
    ctx.ui.notify(JSON.stringify(await ctx.navigateTree(id, { summarize: summarize === "summarize" })), "info");
  },
});
`;

const serialized = (request: WireRequest): string[] => request.messages.map((message) => JSON.stringify(message));

function suite(version: PiVersion): void {
  let fake: FakeModel;
  let home: HermeticHome;
  let pi: PiProcess;
  let navigator: string;
  const start = (extra: string[]): Promise<PiProcess> =>
    startPi(
      home,
      ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH, "-e", navigator, ...extra],
      version,
    );
  const entries = (): Promise<Entry[]> => sessionEntries(pi);
  const navigate = async (entryId: string, summarize = false): Promise<void> => {
    const from = pi.events.length;
    await pi.send({ type: "prompt", message: `/nav ${entryId}${summarize ? " summarize" : ""}` });
    for (let waited = 0; waited < 200; waited += 1) {
      const note = pi.events
        .slice(from)
        .find((event) => event.type === "extension_ui_request" && String(event.message).startsWith('{"cancelled"'));
      if (note !== undefined) {
        assert.deepEqual(JSON.parse(String(note.message)), { cancelled: false });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.fail(`navigation to ${entryId} did not finish`);
  };

  before(async () => {
    fake = await startFakeModel();
    home = makeHome({
      baseUrl: fake.baseUrl,
      contextWindow: 16_000,
      maxTokens: 2_000,
      settings: { compaction: { reserveTokens: 2_000 } },
      files: stageFiles(STAGES),
    });
    navigator = join(home.agentDir, "navigator.ts");
    writeFileSync(navigator, NAVIGATOR);
    pi = await start([]);
    for (let stage = 1; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
  });

  after(async () => {
    await pi?.stop();
    await fake?.close();
  });

  test("a resumed session keeps its folds, its exact prefix and verifiable originals", async () => {
    const before = latestState(await entries());
    assert.ok(before.commits.length >= 1, "the first process committed folds");
    const last = fake.requests.at(-1) as WireRequest;
    assert.ok(briefsOf(last).length > 0, "the last request before the restart carried briefs");
    assert.equal(await pi.stop(), 0);

    pi = await start(["--continue"]);
    const sent = fake.requests.length;
    await pi.prompt("after resume");
    const resumed = fake.requests[sent] as WireRequest;
    assert.equal(latestState(await entries()).commits.length, before.commits.length, "no commit on resume");
    assert.deepEqual(
      serialized(resumed).slice(0, last.messages.length),
      serialized(last),
      "the resumed process re-sends the previous request as an exact prefix",
    );
    assert.deepEqual(briefsOf(resumed), briefsOf(last));

    const [id, fold] = Object.entries(before.folds).find(([, candidate]) => !candidate.expanded) ?? [];
    assert.ok(id !== undefined && fold !== undefined);
    let source = "";
    for (let offset: number | null = 0; offset !== null; ) {
      await pi.prompt(callTool({ action: "peek", id, offset, bytes: 16_000 }));
      const page = lastToolJson(fake);
      assert.equal(page.verified, true, JSON.stringify(page).slice(0, 300));
      source += String(page.source);
      offset = page.next as number | null;
    }
    assert.equal(createHash("sha256").update(source).digest("hex"), fold.sha256, "the original bytes, verified");
  });

  test("/tree navigation shows the folds of the branch it lands on, and returning restores the exact prefix", async () => {
    const list = await entries();
    const leaf = list.at(-1) as Entry;
    const lastBefore = fake.requests.at(-1) as WireRequest;
    assert.ok(briefsOf(lastBefore).length > 0);
    const early = list.find(
      (entry) => entry.message?.role === "assistant" && wireText(entry.message.content) === "stage 1 done",
    );
    assert.ok(early !== undefined);

    await navigate(early.id);
    let sent = fake.requests.length;
    await pi.prompt("on the early branch");
    const onEarly = fake.requests[sent] as WireRequest;
    assert.deepEqual(briefsOf(onEarly), [], "no brief of a fold made after this point");
    assert.ok(JSON.stringify(onEarly.messages).includes("FILE stage 1 part 1"), "stage 1 is raw");
    assert.ok(!JSON.stringify(onEarly.messages).includes("FILE stage 2 part 1"), "the later stages are not there");
    const status = await pi.command("status");
    assert.equal((status.folds as { total: number }).total, 0, "the status describes this branch's (empty) fold set");

    await navigate(leaf.id);
    sent = fake.requests.length;
    await pi.prompt("back on the main branch");
    const back = fake.requests[sent] as WireRequest;
    assert.deepEqual(briefsOf(back), briefsOf(lastBefore), "the main branch's folds are back");
    assert.deepEqual(
      serialized(back).slice(0, lastBefore.messages.length),
      serialized(lastBefore),
      "the main branch's last request is an exact prefix again",
    );
  });

  test("/tree with a branch summary: the summary is sent as is, and folding goes on around it", async () => {
    const list = await entries();
    const early = list.find(
      (entry) => entry.message?.role === "assistant" && wireText(entry.message.content) === "stage 2 done",
    );
    assert.ok(early !== undefined);
    await navigate(early.id, true);
    const sent = fake.requests.length;
    for (let stage = 3; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
    const after = fake.requests.slice(sent).filter((request) => (request.tools ?? []).length > 0);
    const summary = (request: WireRequest) =>
      request.messages.some((message) => wireText(message.content).includes("SUMMARY: earlier stages"));
    assert.ok(after.length > 0 && summary(after[0] as WireRequest), "the branch summary reached the model");
    assert.ok(
      after.some((request) => briefsOf(request).length > 0),
      "folds committed on the new branch",
    );
    assert.ok(after.every(summary), "the branch summary was never folded away into a brief");
    for (const request of after) assert.equal(wireLinkageViolation(request), null);
  });
}

for (const version of PI_VERSIONS) describe(`Pi ${version.name}`, () => suite(version));
