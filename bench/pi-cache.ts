// Prompt-cache cost of recall: one scripted session of N turns (default 64) replayed in a real Pi against a real
// Server holding a few hundred memories and a local model server that records every request, once without
// PowerContext and once per recall placement. Reports input tokens, tokens after the first divergent byte, recall
// bytes in the window, the effective input cost with cached input at 0.1×, its ratio to the session without
// PowerContext plus the recall bytes themselves, the overlap between consecutive recalls, and the time the extension
// adds to before_agent_start. Usage: npm run bench -- pi-cache [turns] [pi-version] [state]. With `state`, the
// session runs with powercontext-state loaded as well (the model changes the state every STATE_EVERY turns), and the
// first row, powercontext-state alone, is the baseline.
import { fileURLToPath } from "node:url";
import {
  LATEST_PI,
  makeHome,
  PI_VERSIONS,
  type PiVersion,
  startChatServer,
  type WireRequest,
} from "@powercontext/pi-testing";
import { EXTENSION_PATH, startPi } from "../packages/pi/test/support/pi-rpc.ts";
import { EXTENSION_PATH as STATE_EXTENSION } from "../packages/state/test/support/pi-rpc.ts";
import { startTestServer } from "../packages/pi/test/support/powercontext-server.ts";
import { lastRecall } from "../packages/pi/test/support/recall-window.ts";
import { memoryText, queryText, random } from "./lib/dataset.ts";
import { percentileOf } from "./lib/measure.ts";
import { hookTimesOf } from "./pi-turn/hook-times.ts";
import { overlapCost } from "./pi-cache/overlap.ts";
import { CACHED_PRICE, type SessionCost, sessionCost } from "./pi-cache/window.ts";

const START = fileURLToPath(new URL("./pi-turn/hook-timer-start.ts", import.meta.url));
const END = fileURLToPath(new URL("./pi-turn/hook-timer-end.ts", import.meta.url));
const SCOPE = "bench:pi-cache";
const MEMORIES = 300;
/** A reply of about 1 kB, like a short coding answer, so the conversation grows as a real one does. */
const REPLY = `ok. ${"The change touches the module, its tests and the docs; run the suite after it. ".repeat(13)}`;

interface Variant {
  name: string;
  /** Load powercontext-pi with this placement; null runs the same session without it. */
  placement: string | null;
  resend?: "new-items" | "whole-block";
  /** Whether the model accepts system messages mid-conversation (a section patch then stays in place). */
  midConversationSystem: boolean;
  /** Load powercontext-state too; the model then calls patch_state every STATE_EVERY turns. */
  state?: boolean;
}

/** How often (in turns) the model changes the state in the `state` variants. */
const STATE_EVERY = 8;

const VARIANTS: readonly Variant[] = [
  { name: "without PowerContext", placement: null, midConversationSystem: true },
  { name: "auto = section, new-items (default)", placement: "auto", resend: "new-items", midConversationSystem: true },
  { name: "auto = section, whole-block", placement: "auto", resend: "whole-block", midConversationSystem: true },
  {
    name: "auto = section, new-items, model without mid-conversation system messages",
    placement: "auto",
    resend: "new-items",
    midConversationSystem: false,
  },
  { name: "system-prompt (the seed's)", placement: "system-prompt", midConversationSystem: true },
  { name: "message, new-items", placement: "message", resend: "new-items", midConversationSystem: true },
  { name: "message, whole-block", placement: "message", resend: "whole-block", midConversationSystem: true },
];

const STATE_VARIANTS: readonly Variant[] = [
  { name: "powercontext-state only", placement: null, midConversationSystem: true, state: true },
  {
    name: "state + auto = section, new-items (default)",
    placement: "auto",
    resend: "new-items",
    midConversationSystem: true,
    state: true,
  },
  {
    name: "state + system-prompt (the whole prompt replaced each run, as state did before it had a section)",
    placement: "system-prompt",
    midConversationSystem: true,
    state: true,
  },
];

/**
 * The model's answers: the fixed reply, or, in a state variant, a patch_state call as the first step of every
 * STATE_EVERY-th turn (the turn is the request's user-message count), so the state changes during the session.
 */
function answerFor(variant: Variant) {
  return (request: WireRequest) => {
    const users = request.messages.filter((message) => message.role === "user").length;
    const firstStep = request.messages.at(-1)?.role === "user";
    if (variant.state !== true || !firstStep || users % STATE_EVERY !== 0) return { text: REPLY };
    const args = JSON.stringify({ cwd: { working: { turn: users } } });
    return { calls: [{ name: "patch_state", arguments: args }] };
  };
}

/** Three turns per topic: the question, a follow-up, and an instruction, as a person works through a task. */
export function sessionPrompts(turns: number): string[] {
  const next = random(16);
  const prompts: string[] = [];
  let question = "";
  for (let turn = 0; turn < turns; turn += 1) {
    if (turn % 3 === 0) question = queryText(next);
    const step = turn % 3;
    prompts.push(
      step === 0
        ? question
        : step === 1
          ? `${question} Show the code involved.`
          : `${question} Apply it and run the tests.`,
    );
  }
  return prompts;
}

async function replay(version: PiVersion, variant: Variant, prompts: string[], serverUrl: string) {
  const model = await startChatServer(answerFor(variant));
  const home = makeHome({
    baseUrl: model.baseUrl,
    prefix: "pc-bench-cache-",
    ...(variant.midConversationSystem ? { compat: { supportsMidConvoSystemMessages: true } } : {}),
  });
  const extension = [
    ...(variant.placement === null ? [] : ["-e", EXTENSION_PATH]),
    ...(variant.state === true ? ["-e", STATE_EXTENSION] : []),
  ];
  const pi = await startPi({
    version,
    home,
    env: {
      POWERCONTEXT_PI_BASE_URL: serverUrl,
      POWERCONTEXT_PI_SCOPE_ID: SCOPE,
      POWERCONTEXT_PI_CAPTURE_PROMPTS: "false",
      ...(variant.placement === null ? {} : { POWERCONTEXT_PI_RECALL_PLACEMENT: variant.placement }),
      ...(variant.resend === undefined ? {} : { POWERCONTEXT_PI_RECALL_RESEND: variant.resend }),
      // This replay's model answers in plain prose (no `final: true` patch), which turn resolution (on by default)
      // would follow with two fallback requests a turn; the figures measure recall placement, so it is off here.
      ...(variant.state === true ? { POWERCONTEXT_STATE_TURN_RESOLUTION: "0" } : {}),
    },
    args: ["--no-session", "--no-extensions", "--no-skills", "-e", START, ...extension, "-e", END],
  });
  try {
    for (const prompt of prompts) await pi.prompt(prompt, 60_000);
  } finally {
    await pi.stop();
    await model.close();
  }
  const hookMs = hookTimesOf(pi.stderr());
  return { requests: model.requests, cost: sessionCost(model.requests), hookMs };
}

async function loadMemories(serverUrl: string): Promise<void> {
  const next = random(MEMORIES);
  for (let i = 0; i < MEMORIES; i += 1) {
    const response = await fetch(`${serverUrl}/v1/memory/remember`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope_id: SCOPE, kind: i % 3 === 0 ? "decision" : "fact", text: memoryText(next, i) }),
    });
    if (response.status !== 200) throw new Error(`remember answered ${response.status}`);
  }
}

function row(name: string, cost: SessionCost, baseline: SessionCost, hookMs: number[]): string {
  const plusOnce = cost.effectiveTokens / (baseline.effectiveTokens + cost.recallBytesSent / 4);
  const plusTranscript = cost.effectiveTokens / (baseline.effectiveTokens + cost.recallAsTranscriptTokens);
  const hook =
    hookMs.length === 0 ? "—" : `${percentileOf(hookMs, 50).toFixed(1)} / ${percentileOf(hookMs, 95).toFixed(1)}`;
  const cells = [
    name,
    cost.inputTokens,
    cost.uncachedTokens,
    `${(cost.minKeptPrefix * 100).toFixed(1)} %`,
    cost.recallBytesAtEnd,
    cost.recallBytesSent,
    cost.effectiveTokens,
    `${plusTranscript.toFixed(2)}×`,
    `${plusOnce.toFixed(2)}×`,
    hook,
  ];
  return `| ${cells.join(" | ")} |`;
}

export async function run(args: string[]): Promise<void> {
  const turns = Math.max(60, Number(args[0] ?? 64));
  const version = PI_VERSIONS.find((candidate) => candidate.name === args[1]) ?? LATEST_PI;
  const prompts = sessionPrompts(turns);
  const withState = args[2] === "state";
  const variants = withState ? STATE_VARIANTS : VARIANTS;
  const server = await startTestServer();
  try {
    await loadMemories(server.server.url);
    const results = [];
    for (const variant of variants) {
      process.stderr.write(`pi-cache: ${variant.name}\n`);
      results.push({ variant, ...(await replay(version, variant, prompts, server.url)) });
    }
    const baseline = (results[0] as (typeof results)[number]).cost;
    console.log(
      `Pi ${version.name}, ${turns} turns, ${MEMORIES} memories, cached input at ${CACHED_PRICE}×, ~4 bytes a token` +
        (withState ? `, state changed every ${STATE_EVERY} turns; ratios against the first row` : ""),
    );
    console.log(
      "| placement | input tokens | tokens after the first divergent byte | min kept prefix | recall bytes in the window at the end | recall bytes sent | effective input tokens | ratio A: to without + recall as transcript | ratio B: to without + recall sent once at full price | before_agent_start p50 / p95 (ms) |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const result of results) console.log(row(result.variant.name, result.cost, baseline, result.hookMs));
    if (withState) return;
    const whole = results[2] as (typeof results)[number];
    const overlap = overlapCost(whole.requests.map((request) => lastRecall(request)));
    console.log(
      `\nOverlap (section, whole-block run): ${overlap.changes} recall changes; a changed recall shares ${(overlap.meanOverlap * 100).toFixed(0)} % of its items with the previous one on average; whole blocks sent: ${overlap.fullBytes} bytes; blocks of the items new against the previous recall only: ${overlap.deltaBytes} bytes`,
    );
  } finally {
    await server.close();
  }
}
