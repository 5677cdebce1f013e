// `npm run bench -- fold --recovery [--stages 40] [--window 32000]`: the replay of issue 22 in a real Pi. Each stage
// reads 4 files; 8 values are planted in files read during stages 1–10 ("the gate code of vault N is CODE"), and those
// files are removed from disk after stage 10. After the stages a fold arm recovers every value knowing only its key
// (find by the key, peek the range find gives): arm "fold" one value per turn, arm "fold-batched" all 8 in one turn
// (parallel calls), each in its own session so neither finds the other's queries; then 8 more stages, so the peek
// results fold too. The native arm runs the same stages with Pi's compaction.
import { readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { requestTokens, startFakeModel, type WireRequest, wireText } from "../packages/fold/test/support/fake-model.ts";
import { EXTENSION_PATH, makeHome, startPi } from "../packages/fold/test/support/pi-rpc.ts";
import { progress } from "./lib/measure.ts";

const READS = 4;
const VALUES = 8;
const AFTER_STAGES = 8;

export type RecoveryArm = "native" | "fold" | "fold-batched";

export interface RecoverySettings {
  stages: number;
  window: number;
  maxTokens: number;
  keepRecent: number;
}

/** Where value `n` (1-based) is planted: stages 1–10, a different part each time. */
const plantedAt = (n: number): { stage: number; part: number } => ({
  stage: Math.ceil((n * 10) / VALUES),
  part: 1 + (n % READS),
});
const keyOf = (n: number): string => `the gate code of vault ${n} is`;
const plantedValue = (n: number): string =>
  `${["ZEBRA", "OTTER", "MAPLE", "COBALT", "FJORD", "LYNX", "QUARTZ", "EMBER"][n - 1]}-${4400 + 17 * n}`;

function stageFile(stage: number, part: number): string {
  const body = `stage ${stage} part ${part}: function handler${part}() { return compute(${stage}, ${part}); }\n`.repeat(
    40,
  );
  const planted = Array.from({ length: VALUES }, (_, i) => i + 1).filter(
    (n) => plantedAt(n).stage === stage && plantedAt(n).part === part,
  );
  return `FILE stage ${stage} part ${part}\n${planted.map((n) => `${keyOf(n)} ${plantedValue(n)}; keep it\n`).join("")}${body}`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Apparent bytes and allocated bytes (file system blocks, as `du` counts them: the store's directory included) of the
 * fold store, and the same of the session file.
 */
function sizes(agentDir: string): {
  storeBytes: number;
  storeDiskBytes: number;
  storeFiles: number;
  sessionBytes: number;
  sessionDiskBytes: number;
  ratio: number;
  diskRatio: number;
} {
  const all = filesUnder(agentDir);
  const store = all.filter((file) => file.includes("/powercontext-fold/"));
  const directories = [...new Set(store.map((file) => dirname(file)))];
  const stats = store.map((file) => statSync(file));
  const session = all.find((file) => file.endsWith(".jsonl"));
  const sessionStat = session === undefined ? null : statSync(session);
  const sessionBytes = sessionStat?.size ?? 0;
  const sessionDiskBytes = (sessionStat?.blocks ?? 0) * 512;
  const storeBytes = stats.reduce((total, stat) => total + stat.size, 0);
  const storeDiskBytes = [...stats, ...directories.map((dir) => statSync(dir))].reduce(
    (total, stat) => total + stat.blocks * 512,
    0,
  );
  return {
    storeBytes,
    storeDiskBytes,
    storeFiles: store.length,
    sessionBytes,
    sessionDiskBytes,
    ratio: Number((storeBytes / Math.max(1, sessionBytes)).toFixed(3)),
    diskRatio: Number((storeDiskBytes / Math.max(1, sessionDiskBytes)).toFixed(3)),
  };
}

const tokensOf = (requests: readonly WireRequest[]): number =>
  requests.reduce((sum, request) => sum + requestTokens(request), 0);

/** Tool calls the model made in `requests` (each answered call appears as a tool message), not counting `seen`. */
function toolCalls(requests: readonly WireRequest[], seen: ReadonlySet<string>): number {
  const ids = new Set<string>();
  for (const request of requests)
    for (const message of request.messages)
      if (message.role === "tool" && message.tool_call_id !== undefined && !seen.has(message.tool_call_id))
        ids.add(message.tool_call_id);
  return ids.size;
}

const callIds = (requests: readonly WireRequest[]): Set<string> =>
  new Set(requests.flatMap((request) => request.messages.flatMap((message) => message.tool_call_id ?? [])));

interface Phase {
  requests: number;
  toolCalls: number;
  toolCallsPerValue: number;
  inputTokens: number;
  recovered: number;
}

type Pi = Awaited<ReturnType<typeof startPi>>;
type Fake = Awaited<ReturnType<typeof startFakeModel>>;
const VALUE_NUMBERS = Array.from({ length: VALUES }, (_, i) => i + 1);

/** Recovers the values, one group of keys per turn: find by the key, peek what find points at. */
async function recover(pi: Pi, fake: Fake, groups: number[][]): Promise<Phase> {
  const from = fake.requests.length;
  const seen = callIds(fake.requests);
  let recovered = 0;
  for (const group of groups) {
    await pi.prompt(`RECOVER ${JSON.stringify(group.map(keyOf))}`, 120_000);
    const answer = /^recovered (\{.*\})$/s.exec(await lastAnswer(pi))?.[1];
    const found = answer === undefined ? {} : (JSON.parse(answer) as Record<string, string>);
    recovered += group.filter((n) => found[keyOf(n)] === plantedValue(n)).length;
  }
  const requests = fake.requests.slice(from);
  const calls = toolCalls(requests, seen);
  const inputTokens = tokensOf(requests);
  return { requests: requests.length, toolCalls: calls, toolCallsPerValue: calls / VALUES, inputTokens, recovered };
}

/** The stages `from..to`; the planted files leave the disk after stage 10. */
async function runStages(pi: Pi, cwd: string, from: number, to: number, label: string): Promise<void> {
  for (let stage = from; stage <= to; stage += 1) {
    await pi.prompt(`STAGE ${stage} READS ${READS}`, 120_000);
    if (stage === 10)
      for (const n of VALUE_NUMBERS)
        rmSync(join(cwd, `stage-${plantedAt(n).stage}-${plantedAt(n).part}.txt`), { force: true });
    if (stage % 10 === 0) progress(`recovery ${label}: stage ${stage}/${to}`);
  }
}

async function startArm(arm: RecoveryArm, settings: RecoverySettings) {
  const fake = await startFakeModel();
  const files: Record<string, string> = {};
  for (let stage = 1; stage <= settings.stages + AFTER_STAGES; stage += 1)
    for (let part = 1; part <= READS; part += 1) files[`stage-${stage}-${part}.txt`] = stageFile(stage, part);
  const home = makeHome({
    baseUrl: fake.baseUrl,
    contextWindow: settings.window,
    maxTokens: settings.maxTokens,
    settings: { compaction: { reserveTokens: settings.maxTokens, keepRecentTokens: settings.keepRecent } },
    files,
  });
  const extension = arm === "native" ? [] : ["-e", EXTENSION_PATH];
  const pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, ...extension]);
  return { fake, home, pi };
}

export async function runRecoveryArm(arm: RecoveryArm, settings: RecoverySettings): Promise<Record<string, unknown>> {
  const { fake, home, pi } = await startArm(arm, settings);
  try {
    await runStages(pi, home.cwd, 1, settings.stages, arm);
    const last = JSON.stringify(fake.requests.at(-1)?.messages ?? []);
    const result: Record<string, unknown> = {
      arm,
      requests: fake.requests.length,
      stagesInputTokens: tokensOf(fake.requests),
      valuesInLastRequest: VALUE_NUMBERS.filter((n) => last.includes(plantedValue(n))).length,
    };
    if (arm === "native") return result;
    const atEnd = sizes(home.agentDir);
    const recovery = await recover(pi, fake, arm === "fold" ? VALUE_NUMBERS.map((n) => [n]) : [VALUE_NUMBERS]);
    const afterPeeks = sizes(home.agentDir);
    // The share is of the session's input up to the end of the recovery (the stages after it are left out).
    const untilRecovered = tokensOf(fake.requests);
    await runStages(pi, home.cwd, settings.stages + 1, settings.stages + AFTER_STAGES, arm);
    return {
      ...result,
      inputTokensUntilRecovered: untilRecovered,
      inputTokensAtEnd: tokensOf(fake.requests),
      recovery: { ...recovery, shareOfSessionInput: Number((recovery.inputTokens / untilRecovered).toFixed(4)) },
      store: { atEnd, afterPeeks, afterFoldingThePeeks: sizes(home.agentDir) },
    };
  } finally {
    await pi.stop();
    await fake.close();
  }
}

/** The text of the session's last assistant message. */
async function lastAnswer(pi: Pi): Promise<string> {
  const response = await pi.send({ type: "get_entries" });
  const entries = (response.data as { entries: { message?: { role: string; content?: unknown } }[] }).entries;
  return wireText(entries.findLast((entry) => entry.message?.role === "assistant")?.message?.content);
}
