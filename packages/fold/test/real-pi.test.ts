// Proof in a real Pi process (RPC mode), on Pi 1.6.0 and 0.82.1, against a local fake model with a 16k window: per
// host version one process and one session, shared by the checks below so the suite stays lean.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import {
  lastToolJson as lastToolResult,
  startFakeModel,
  requestTokens,
  wireLinkageViolation,
  wireText,
  type FakeModel,
  type WireRequest,
  briefsOf,
  callTool,
  stageFiles,
} from "./support/fake-model.ts";
import { atLeast } from "@powercontext/pi-testing";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi, type PiProcess, type PiVersion } from "./support/pi-rpc.ts";
import { assertOverflowNoticeAppended, isOverflowRecovery } from "./support/overflow-notice.ts";
import { type Entry, latestState, sessionEntries, stageEntry } from "./support/session-entries.ts";

let fake: FakeModel;
let pi: PiProcess;
/** The marks of the agent's two fold calls in the setup. */
let stage3Mark = "";
let stage2Mark = "";
const STAGES = 12;

const lastToolJson = (): Record<string, unknown> => lastToolResult(fake);
const entries = (): Promise<Entry[]> => sessionEntries(pi);

function suite(version: PiVersion): void {
  before(async () => {
    fake = await startFakeModel();
    const home = makeHome({
      baseUrl: fake.baseUrl,
      contextWindow: 16_000,
      maxTokens: 2_000,
      settings: { compaction: { reserveTokens: 2_000 } },
      files: stageFiles(STAGES + 2),
    });
    pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH], version);
    for (let stage = 1; stage <= 3; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
    const list = await entries();
    await pi.prompt(
      callTool({
        action: "protect",
        from: stageEntry(list, 2, "user", "STAGE 2 READS").id,
        to: stageEntry(list, 2, "assistant", "stage 2 done").id,
      }),
    );
    await pi.prompt(
      callTool({
        action: "fold",
        from: stageEntry(list, 3, "user", "STAGE 3 READS").id,
        to: stageEntry(list, 3, "assistant", "stage 3 done").id,
      }),
    );
    stage3Mark = String(lastToolJson().mark);
    await pi.prompt(
      callTool({
        action: "fold",
        from: stageEntry(list, 2, "user", "STAGE 2 READS").id,
        to: stageEntry(list, 2, "assistant", "stage 2 done").id,
      }),
    );
    stage2Mark = String(lastToolJson().mark);
    for (let stage = 4; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
  });

  after(async () => {
    await pi?.stop();
    await fake?.close();
  });

  test("no request between two commits rewrites an earlier message (recorded request bodies)", async () => {
    const main = fake.requests.filter((request) => (request.tools ?? []).length > 0);
    let rewrites = 0;
    for (let index = 1; index < main.length; index += 1) {
      const previous = (main[index - 1] as WireRequest).messages.map((message) => JSON.stringify(message));
      const next = (main[index] as WireRequest).messages.map((message) => JSON.stringify(message));
      const prefix = previous.every((message, position) => next[position] === message);
      if (prefix) continue;
      rewrites += 1;
      assert.notDeepEqual(
        briefsOf(main[index] as WireRequest),
        briefsOf(main[index - 1] as WireRequest),
        `request ${index} rewrote the prefix without a commit`,
      );
    }
    const status = await pi.command("status");
    const cache = status.cache as { projectionRewrites: number; unattributedRewrites: number; pureAppends: number };
    const commits = latestState(await entries()).commits.length;
    assert.ok(commits >= 2, `expected at least two commits, saw ${commits}`);
    assert.ok(rewrites >= 1 && rewrites <= commits, `wire rewrites ${rewrites}, commits ${commits}`);
    assert.equal(cache.unattributedRewrites, 0);
    assert.equal(cache.projectionRewrites, rewrites);
  });

  test("tool linkage is intact in every request and the open stage stays raw", () => {
    for (const [index, request] of fake.requests.entries()) {
      assert.equal(wireLinkageViolation(request), null, `request ${index}`);
      assert.ok(!wireText(request.messages.at(-1)?.content).startsWith("[folded "), `request ${index} ends in a brief`);
    }
  });

  test("every stage finished with all of its reads answered", async () => {
    const answers = new Set(
      (await entries())
        .filter((entry) => entry.message?.role === "assistant")
        .map((entry) => wireText(entry.message?.content)),
    );
    for (let stage = 1; stage <= STAGES; stage += 1) assert.ok(answers.has(`stage ${stage} done`), `stage ${stage}`);
  });

  test("a protected span is never folded, and a pending mark that became protected is refused by name at commit", async () => {
    const last = fake.requests.at(-1) as WireRequest;
    const text = JSON.stringify(last.messages);
    for (let part = 1; part <= 3; part += 1)
      assert.ok(text.includes(`FILE stage 2 part ${part}`), `protected stage 2 read ${part} is raw`);
    const state = latestState(await entries());
    const refused = state.commits.flatMap((record) => record.refused.map((refusal) => refusal.mark));
    const applied = state.commits.flatMap((record) => record.agentMarks);
    assert.deepEqual(refused, [stage2Mark], `the stage-2 mark (${stage2Mark}) was refused: stage 2 is protected`);
    assert.ok(applied.includes(stage3Mark), `the agent's stage-3 mark (${stage3Mark}) was applied`);
  });

  test("fold → peek → expand recovers the exact bytes of the session entries", async () => {
    const list = await entries();
    const state = latestState(list);
    const byId = new Map(list.map((entry) => [entry.id, entry.message]));
    // A fold of session messages (the waypoint notices are custom entries whose message form Pi builds itself).
    const target = Object.entries(state.folds).find(
      ([, fold]) =>
        !fold.expanded &&
        fold.children.length === 0 &&
        fold.leaves.length >= 2 &&
        fold.leaves.every((leaf) => byId.get(leaf) !== undefined),
    );
    assert.ok(
      target !== undefined,
      "a collapsed fold without children exists (expanded outside-in below, one level per expand)",
    );
    const [id, fold] = target;
    let source = "";
    for (let offset: number | null = 0; offset !== null; ) {
      await pi.prompt(callTool({ action: "peek", id, offset, bytes: 16_000 }));
      const page = lastToolJson();
      assert.equal(page.verified, true);
      source += String(page.source);
      offset = page.next as number | null;
    }
    assert.equal(createHash("sha256").update(source).digest("hex"), fold.sha256);
    assert.deepEqual(
      JSON.parse(source),
      fold.leaves.map((leaf) => byId.get(leaf)),
      "the source is exactly the leaf entries",
    );
    let beforeExpand = fake.requests.length;
    for (let round = 0; round < 12; round += 1) {
      const now = latestState(await entries());
      if (now.folds[id]?.expanded === true) break;
      let outer = id;
      while (
        now.folds[now.folds[outer]?.parent ?? ""] !== undefined &&
        now.folds[now.folds[outer]?.parent as string]?.expanded !== true
      )
        outer = now.folds[outer]?.parent as string;
      beforeExpand = fake.requests.length;
      await pi.prompt(callTool({ action: "expand", id: outer }));
    }
    const after = fake.requests.slice(beforeExpand + 1);
    assert.ok(after.length > 0);
    for (const request of after) {
      assert.ok(!briefsOf(request).includes(id), `${id} still folded after expand`);
      const messages = JSON.stringify(request.messages);
      const leafTexts = fold.leaves
        .map((leaf) => wireText((byId.get(leaf) as { content?: unknown }).content))
        .filter((text) => text.length > 20);
      assert.ok(leafTexts.length > 0);
      for (const text of leafTexts)
        assert.ok(messages.includes(JSON.stringify(text).slice(1, 60)), "expanded original is back in the window");
    }
    // Done reading: refold the outermost opened fold. The mark lands at the next commit (the overflow test's).
    const opened = latestState(await entries());
    const outermost = Object.entries(opened.folds).find(
      ([, candidate]) =>
        candidate.expanded && (candidate.parent === null || opened.folds[candidate.parent]?.expanded !== true),
    );
    assert.ok(outermost !== undefined);
    await pi.prompt(callTool({ action: "refold", id: outermost[0] }));
    assert.equal(lastToolJson().pending, true);
  });

  test("occupancy notices at 25, 50 and 75 % reach the person over RPC, once per crossing", () => {
    const notes = pi.events
      .filter((event) => event.type === "extension_ui_request" && event.method === "notify")
      .map((event) => String(event.message));
    let segment = new Set<string>();
    const levels = new Set<string>();
    for (const note of notes) {
      if (note.startsWith("powercontext-fold: commit ")) segment = new Set();
      const level = /passed (\d+)% of the serving budget/.exec(note)?.[1];
      if (level === undefined) continue;
      assert.ok(!segment.has(level), `${level}% announced twice without a commit between`);
      segment.add(level);
      levels.add(level);
    }
    assert.deepEqual([...levels].sort(), ["25", "50", "75"]);
  });

  test("each waypoint crossing appends one message to the agent's window, never rewriting what was sent", async () => {
    const waypoints = (await entries()).filter(
      (entry) => entry.type === "custom_message" && entry.customType === "powercontext-fold.waypoint",
    );
    const notified = pi.events.filter(
      (event) =>
        event.type === "extension_ui_request" && /passed \d+% of the serving budget \(now/.test(String(event.message)),
    );
    assert.ok(waypoints.length >= 3, `${waypoints.length} waypoint messages`);
    assert.ok(waypoints.length <= notified.length, "at most one agent message per person notice");
    const main = fake.requests.filter((request) => (request.tools ?? []).length > 0);
    const levels = new Set<string>();
    for (const waypoint of waypoints) {
      const text = String((waypoint as { content?: unknown }).content);
      levels.add(/passed (\d+)%/.exec(text)?.[1] ?? "?");
      const first = main.findIndex((request) => request.messages.some((message) => wireText(message.content) === text));
      assert.ok(first > 0, "the waypoint reached the model");
      const before = (main[first - 1] as WireRequest).messages.map((message) => JSON.stringify(message));
      const carrying = (main[first] as WireRequest).messages.map((message) => JSON.stringify(message));
      if (briefsOf(main[first] as WireRequest).join() !== briefsOf(main[first - 1] as WireRequest).join()) continue;
      assert.deepEqual(carrying.slice(0, before.length), before, "appended: the previous request is an exact prefix");
    }
    assert.deepEqual([...levels].sort(), ["25", "50", "75"]);
  });

  test("overflow: the failed request is rolled back, a fold commit makes room, and the retry succeeds", async () => {
    const last = fake.requests.at(-1) as WireRequest;
    fake.overflowAbove = requestTokens(last) + 300;
    const refusedBefore = fake.refused.length;
    const requestsBefore = fake.requests.length;
    await pi.prompt(`STAGE ${STAGES + 1} READS 3`);
    await pi.prompt(`STAGE ${STAGES + 2} READS 3`);
    fake.overflowAbove = null;
    assert.ok(fake.refused.length > refusedBefore, "the provider refused at least one request as too large");
    const later = fake.requests.slice(requestsBefore);
    const answers = new Set(
      (await entries())
        .filter((entry) => entry.message?.role === "assistant")
        .map((entry) => wireText(entry.message?.content)),
    );
    assert.ok(
      answers.has(`stage ${STAGES + 1} done`) && answers.has(`stage ${STAGES + 2} done`),
      "work continued after recovery",
    );
    for (const request of later) {
      assert.ok(
        !JSON.stringify(request.messages).includes("overflow recovery; folds made room"),
        "the no-op compaction summary never reaches the model",
      );
      assert.equal(wireLinkageViolation(request), null);
    }
    const list = await entries();
    assert.ok(list.some(isOverflowRecovery));
    assert.ok(list.some((entry) => entry.type === "label" && (entry.label ?? "").includes("overflow; rolled back")));
    // The agent is told: one appended message, never a rewrite of what the previous request carried.
    assertOverflowNoticeAppended(list, fake.requests, requestsBefore);
    const failed = list.filter(
      (entry) =>
        entry.message?.role === "assistant" && (entry.message as { stopReason?: string }).stopReason === "error",
    );
    assert.ok(failed.length > 0, "the failed attempt stays in the session for history");
    if (!atLeast(version, "0.87.0")) {
      // Before 0.87 (no ContextEditEntry), Pi drops the failed attempt from the agent's messages itself and writes no context_edit.
      assert.ok(!list.some((entry) => entry.type === "context_edit"));
    } else {
      assert.ok(
        list.some((entry) => entry.type === "context_edit"),
        "Pi omitted the failed attempt",
      );
    }
    for (const request of later)
      for (const message of request.messages)
        if (message.role === "assistant")
          assert.ok(
            wireText(message.content) !== "" || JSON.stringify(message).includes("tool_calls"),
            "the failed (empty) attempt never reaches the model",
          );
  });
}

for (const version of PI_VERSIONS) describe(`Pi ${version.name}`, () => suite(version));
