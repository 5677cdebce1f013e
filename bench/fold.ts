// `npm run bench -- fold [--stages N]`: a deterministic replay of tool-heavy work in a real Pi process, run twice with
// the same scripted model: once with Pi's native compaction, once with powercontext-fold. Also times the fold
// context hook at 2,000 messages in process.
import { writeFileSync } from "node:fs";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { join } from "node:path";
import { startFakeModel, requestTokens, type WireRequest } from "../packages/fold/test/support/fake-model.ts";
import { EXTENSION_PATH, makeHome, startPi } from "../packages/fold/test/support/pi-rpc.ts";
import { FoldSession } from "../packages/fold/src/session.ts";
import { DEFAULT_THRESHOLDS, validateOptions } from "../packages/fold/src/index.ts";
import { openMemoryFoldStore } from "../packages/fold/src/fold-store.ts";
import { committedState } from "../packages/fold/src/testing/committed.ts";
import { generateTranscript } from "../packages/fold/src/testing/transcript.ts";
import type { Message } from "../packages/fold/src/types.ts";
import { runRecoveryArm } from "./fold-recovery.ts";
import { machine, progress, summarize, time } from "./lib/measure.ts";

let WINDOW = 128_000;
/** `--thresholds max,min`: a non-default policy for the fold arm (loaded through a wrapper extension). */
let THRESHOLDS: { maxTarget: number; minTarget: number } | null = null;
let MAX_TOKENS = 16_384;
/** Pi's default `compaction.keepRecentTokens`; `--keep-recent` overrides it, and windows under 80k use a quarter. */
const PI_KEEP_RECENT_TOKENS = 20_000;
let KEEP_RECENT = PI_KEEP_RECENT_TOKENS;
const READS = 4;

interface ArmResult {
  arm: string;
  requests: number;
  compactionRequests: number;
  prefixRewrites: number;
  resentTokensAfterDivergence: number;
  totalInputTokens: number;
  peakRequestTokens: number;
  wallMs: number;
}

function stageFile(stage: number, part: number): string {
  return `FILE stage ${stage} part ${part}\n${`stage ${stage} part ${part}: function handler${part}() { return compute(${stage}, ${part}); }\n`.repeat(40)}`;
}

/** Common prefix, in characters, of two requests' serialized message lists. */
function commonChars(a: string, b: string): number {
  let same = 0;
  while (same < a.length && same < b.length && a.charCodeAt(same) === b.charCodeAt(same)) same += 1;
  return same;
}

function measureArm(arm: string, requests: readonly WireRequest[], wallMs: number): ArmResult {
  const main = requests.filter((request) => (request.tools ?? []).length > 0);
  let rewrites = 0;
  let resent = 0;
  let previous: string[] | null = null;
  let previousText = "";
  for (const request of main) {
    const messages = request.messages.map((message) => JSON.stringify(message));
    const text = JSON.stringify(request.messages);
    if (previous === null) resent += Math.ceil(text.length / 4);
    else {
      if (!previous.every((message, index) => messages[index] === message)) rewrites += 1;
      resent += Math.ceil((text.length - commonChars(previousText, text)) / 4);
    }
    previous = messages;
    previousText = text;
  }
  const compaction = requests.filter((request) => (request.tools ?? []).length === 0);
  for (const request of compaction) resent += requestTokens(request);
  return {
    arm,
    requests: requests.length,
    compactionRequests: compaction.length,
    prefixRewrites: rewrites,
    resentTokensAfterDivergence: resent,
    totalInputTokens: requests.reduce((sum, request) => sum + requestTokens(request), 0),
    peakRequestTokens: Math.max(...requests.map(requestTokens)),
    wallMs,
  };
}

/** The fold extension, or a wrapper registering it with `THRESHOLDS`. */
function foldExtension(agentDir: string): string {
  if (THRESHOLDS === null) return EXTENSION_PATH;
  const wrapper = join(agentDir, "fold-with-thresholds.ts");
  const thresholds = { ...DEFAULT_THRESHOLDS, ...THRESHOLDS };
  writeFileSync(
    wrapper,
    `import { registerFold } from ${JSON.stringify(EXTENSION_PATH)};\nexport default (pi) => registerFold(pi, { thresholds: ${JSON.stringify(thresholds)} });\n`,
  );
  return wrapper;
}

async function runArm(arm: "native" | "fold", stages: number): Promise<ArmResult> {
  const fake = await startFakeModel();
  const files: Record<string, string> = {};
  for (let stage = 1; stage <= stages; stage += 1)
    for (let part = 1; part <= READS; part += 1) files[`stage-${stage}-${part}.txt`] = stageFile(stage, part);
  const home = makeHome({
    baseUrl: fake.baseUrl,
    contextWindow: WINDOW,
    maxTokens: MAX_TOKENS,
    settings: { compaction: { reserveTokens: MAX_TOKENS, keepRecentTokens: KEEP_RECENT } },
    files,
  });
  const pi = await startPi(home, [
    "--session-dir",
    `${home.agentDir}/sessions`,
    ...(arm === "fold" ? ["-e", foldExtension(home.agentDir)] : []),
  ]);
  const start = Date.now();
  try {
    for (let stage = 1; stage <= stages; stage += 1) {
      await pi.prompt(`STAGE ${stage} READS ${READS}`, 120_000);
      if (stage % 16 === 0) progress(`${arm}: stage ${stage}/${stages}`);
    }
  } finally {
    await pi.stop();
    await fake.close();
  }
  if (process.env.FOLD_BENCH_SERIES !== undefined)
    writeFileSync(`${process.env.FOLD_BENCH_SERIES}-${arm}.json`, JSON.stringify(fake.requests.map(requestTokens)));
  return measureArm(arm, fake.requests, Date.now() - start);
}

/** The recovery replay (bench/fold-recovery.ts): 40 stages at 32k unless given, native then fold. */
async function recoveryBench(stages: number, windowGiven: boolean): Promise<void> {
  if (!windowGiven) {
    WINDOW = 32_000;
    MAX_TOKENS = 4_000;
    KEEP_RECENT = 8_000;
  }
  const settings = { stages, window: WINDOW, maxTokens: MAX_TOKENS, keepRecent: KEEP_RECENT };
  progress(`fold recovery replay: ${stages} stages × 4 reads, window ${WINDOW}, 8 planted values`);
  const native = await runRecoveryArm("native", settings);
  const fold = await runRecoveryArm("fold", settings);
  const foldBatched = await runRecoveryArm("fold-batched", settings);
  const ratio = Number(((fold.stagesInputTokens as number) / (native.stagesInputTokens as number)).toFixed(3));
  const result = {
    benchmark: "fold-recovery",
    ...settings,
    machine: machine(),
    native,
    fold,
    foldBatched,
    stagesInputVsNative: ratio,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

const HOOK_RUNS = 200;

/**
 * Pi 1.6.0's own `sessionManager.buildContextEntries()` on a session of `messages` messages: what each folded request
 * paid a second time while `context_with_system` rebuilt the entries instead of reusing the `context` hook's.
 */
async function buildContextEntriesTiming(messages: number): Promise<Record<string, unknown>> {
  const manager = SessionManager.inMemory();
  for (const item of generateTranscript({
    seed: 42,
    stages: Math.ceil(messages / 4),
    batches: 3,
    resultChars: 600,
  }).slice(0, messages))
    manager.appendMessage(item.message as Parameters<SessionManager["appendMessage"]>[0]);
  const samples = await time(() => manager.buildContextEntries(), { runs: HOOK_RUNS, warmup: 20 });
  return { messages: manager.buildContextEntries().length, ...summarize(samples) };
}

/**
 * The `context` hook at `messages` messages with folds committed, as Pi drives it: every request is a fresh deep copy
 * of the messages, the entries are the same stored objects in a new array, and each timed request appends one
 * message. "steady" is one long-lived session (the incremental path); "afterCommit" changes the state before every
 * request (the full view rebuild after a commit, measures memoized); "cold" is a new session per request (nothing
 * memoized, as after a reload).
 */
async function contextHookTiming(messages: number): Promise<Record<string, unknown>> {
  const all = generateTranscript({
    seed: 42,
    stages: Math.ceil((messages + HOOK_RUNS + 60) / 4),
    batches: 3,
    resultChars: 600,
  });
  let cut = messages;
  while (cut < all.length && all[cut]?.message.role === "toolResult") cut += 1;
  const items = all.slice(0, cut);
  const entries = all.map((item) => ({ type: "message", id: item.id, message: item.message }));
  const options = validateOptions({ providerInputBudget: 100_000_000 });
  // No consolidation past the target: many visible briefs, the hook's worst case (and the fixture of the earlier runs).
  const state = committedState(items, { ...options.thresholds, consolidateAfter: 1_000_000 });
  const copies = Array.from({ length: 8 }, () => structuredClone(all.map((item) => item.message)));
  const request = (i: number): [Message[], typeof entries] => [
    (copies[i % copies.length] ?? []).slice(0, cut + i),
    entries.slice(0, cut + i),
  ];
  const fresh = (): FoldSession => {
    const session = new FoldSession(options, { persist: () => undefined }, openMemoryFoldStore());
    session.state = state;
    return session;
  };
  const steady = fresh();
  const steadySamples = await time((i) => steady.onContext(...request(i), undefined), {
    runs: HOOK_RUNS + 20,
    warmup: 0,
  });
  // A commit changes the state: the next request rebuilds the view, with the session's measures still warm.
  const rebuilt = fresh();
  const states = [state, structuredClone(state)];
  const rebuildSamples = await time(
    (i) => {
      rebuilt.state = states[i % 2] as typeof state;
      return rebuilt.onContext(...request(i), undefined);
    },
    { runs: HOOK_RUNS + 20, warmup: 0 },
  );
  const coldSamples = await time((i) => fresh().onContext(...request(i), undefined), { runs: HOOK_RUNS, warmup: 20 });
  return {
    messages: cut,
    messagesAtEnd: cut + HOOK_RUNS,
    foldsVisible: steady.status().folds,
    steady: summarize(steadySamples.slice(20)),
    afterCommit: summarize(rebuildSamples.slice(20)),
    cold: summarize(coldSamples),
  };
}

export async function run(args: string[]): Promise<void> {
  if (args.includes("--hook-only")) {
    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: "fold-hook",
          machine: machine(),
          contextHook: await contextHookTiming(2_000),
          piBuildContextEntries: await buildContextEntriesTiming(2_002),
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const flag = args.indexOf("--stages");
  const stages = flag >= 0 ? Number(args[flag + 1]) : 64;
  const window = args.indexOf("--window");
  if (window >= 0) {
    WINDOW = Number(args[window + 1]);
    MAX_TOKENS = Math.min(16_384, Math.floor(WINDOW / 8));
    KEEP_RECENT = Math.min(PI_KEEP_RECENT_TOKENS, Math.floor(WINDOW / 4));
  }
  const keep = args.indexOf("--keep-recent");
  if (keep >= 0) KEEP_RECENT = Number(args[keep + 1]);
  if (args.includes("--recovery")) return recoveryBench(flag >= 0 ? stages : 40, window >= 0);
  const policy = args.indexOf("--thresholds");
  if (policy >= 0) {
    const [maxTarget, minTarget] = String(args[policy + 1])
      .split(",")
      .map(Number);
    THRESHOLDS = { maxTarget: maxTarget as number, minTarget: minTarget as number };
  }
  progress(
    `fold replay: ${stages} stages × ${READS} reads, window ${WINDOW}, maxTokens ${MAX_TOKENS}, keepRecentTokens ${KEEP_RECENT}`,
  );
  const native = await runArm("native", stages);
  const fold = await runArm("fold", stages);
  const hook = await contextHookTiming(2_000);
  const result = {
    benchmark: "fold",
    stages,
    window: WINDOW,
    nativeCompaction: { reserveTokens: MAX_TOKENS, keepRecentTokens: KEEP_RECENT },
    thresholds: { ...DEFAULT_THRESHOLDS, ...THRESHOLDS },
    machine: machine(),
    native,
    fold,
    ratios: {
      totalInputTokens: Number((fold.totalInputTokens / native.totalInputTokens).toFixed(3)),
      resentTokens: Number((fold.resentTokensAfterDivergence / native.resentTokensAfterDivergence).toFixed(3)),
      peakRequest: Number((fold.peakRequestTokens / native.peakRequestTokens).toFixed(3)),
      foldRewritesPer64Stages: Number(((fold.prefixRewrites * 64) / stages).toFixed(2)),
    },
    contextHook: hook,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
