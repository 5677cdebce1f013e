// `npm run bench -- fold [--stages N]`: a deterministic replay of tool-heavy work in a real Pi process, run twice with
// the same scripted model: once with Pi's native compaction, once with powercontext-fold. Also times the fold
// context hook at 2,000 messages in process.
import { startFakeModel, requestTokens, type WireRequest } from "../packages/fold/test/support/fake-model.ts";
import { EXTENSION_PATH, makeHome, startPi } from "../packages/fold/test/support/pi-rpc.ts";
import { FoldSession } from "../packages/fold/src/session.ts";
import { validateOptions } from "../packages/fold/src/options.ts";
import { openMemoryFoldStore } from "../packages/fold/src/fold-store.ts";
import { generateTranscript } from "../packages/fold/src/testing/transcript.ts";
import { commit } from "../packages/fold/src/schedule.ts";
import { machine, progress, summarize, time } from "./lib/measure.ts";

let WINDOW = 128_000;
let MAX_TOKENS = 16_384;
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
    arm, requests: requests.length, compactionRequests: compaction.length, prefixRewrites: rewrites, resentTokensAfterDivergence: resent,
    totalInputTokens: requests.reduce((sum, request) => sum + requestTokens(request), 0),
    peakRequestTokens: Math.max(...requests.map(requestTokens)), wallMs,
  };
}

async function runArm(arm: "native" | "fold", stages: number): Promise<ArmResult> {
  const fake = await startFakeModel();
  const files: Record<string, string> = {};
  for (let stage = 1; stage <= stages; stage += 1) for (let part = 1; part <= READS; part += 1) files[`stage-${stage}-${part}.txt`] = stageFile(stage, part);
  const home = makeHome({ baseUrl: fake.baseUrl, contextWindow: WINDOW, maxTokens: MAX_TOKENS, settings: { compaction: { reserveTokens: MAX_TOKENS, keepRecentTokens: WINDOW / 4 } }, files });
  const pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, ...(arm === "fold" ? ["-e", EXTENSION_PATH] : [])]);
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
  return measureArm(arm, fake.requests, Date.now() - start);
}

async function contextHookTiming(messages: number): Promise<Record<string, unknown>> {
  const all = generateTranscript({ seed: 42, stages: Math.ceil(messages / 4), batches: 3, resultChars: 600 });
  let cut = messages;
  while (cut < all.length && all[cut]?.message.role === "toolResult") cut += 1;
  const items = all.slice(0, cut);
  const entries = items.map((item) => ({ type: "message", id: item.id, message: item.message }));
  const options = validateOptions({ providerInputBudget: 100_000_000 });
  const session = new FoldSession(options, { persist: () => undefined }, openMemoryFoldStore());
  session.state = commit({ state: session.state, items, thresholds: options.thresholds, budget: Math.ceil(JSON.stringify(items).length / 4 / 0.85), blacklist: new Set(), trigger: "threshold", topUp: true }).state;
  const copies = Array.from({ length: 8 }, () => structuredClone(items.map((item) => item.message)));
  const samples = await time((i) => session.onContext(copies[i % copies.length] ?? [], entries, undefined), { runs: 200, warmup: 20 });
  return { messages: items.length, foldsVisible: session.status().folds, ...summarize(samples) };
}

export async function run(args: string[]): Promise<void> {
  const flag = args.indexOf("--stages");
  const stages = flag >= 0 ? Number(args[flag + 1]) : 64;
  const window = args.indexOf("--window");
  if (window >= 0) {
    WINDOW = Number(args[window + 1]);
    MAX_TOKENS = Math.min(16_384, Math.floor(WINDOW / 8));
  }
  progress(`fold replay: ${stages} stages × ${READS} reads, window ${WINDOW}, maxTokens ${MAX_TOKENS}`);
  const native = await runArm("native", stages);
  const fold = await runArm("fold", stages);
  const hook = await contextHookTiming(2_000);
  const result = {
    benchmark: "fold", stages, machine: machine(), native, fold,
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
