import assert from "node:assert/strict";
import { test } from "node:test";
import { BRIEF_MAX_CHARS, briefHeader } from "./brief.ts";
import { renderIndex } from "./brief-index.ts";
import { emptyState } from "./fold.ts";
import { modelSummarizer, type ModelAnswer } from "./model-summarizer.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { commit, projectionTokens } from "./schedule.ts";
import { type Summarize, summarizeCommit } from "./summarizer.ts";
import { generateTranscript } from "./testing/transcript.ts";

const items = generateTranscript({ seed: 5, stages: 16 });
const budget = Math.ceil(projectionTokens(emptyState(), items) / 0.85);
const committed = commit({
  state: emptyState(),
  items,
  thresholds: DEFAULT_THRESHOLDS,
  budget,
  blacklist: new Set<string>(),
  trigger: "threshold",
  topUp: true,
});
const run = (summarize: Summarize, timeoutMs?: number) =>
  summarizeCommit({ summarize, state: committed.state, record: committed.record, items, timeoutMs });

test("a summarizer's answer becomes the brief under the fixed header and the fold's index, and the commit's input state is untouched", async () => {
  const prompts: string[] = [];
  const { state, outcomes } = await run(async (request) => {
    prompts.push(request.prompt);
    return `summary of ${request.id}`;
  });
  assert.ok(committed.record.folded.length > 0);
  for (const id of committed.record.folded) {
    const fold = state.folds[id];
    assert.ok(fold !== undefined);
    const index = renderIndex(state, fold);
    assert.match(index, /^files: src\/m\d+\/f\d+\.ts/, "every fold of tool reads indexes its files");
    assert.equal(fold.brief, `${briefHeader(id, fold.sha256, fold.leaves.length)}\n${index}\nsummary of ${id}`);
    assert.equal(fold.summarized, true);
    assert.notEqual(committed.state.folds[id]?.brief, fold.brief, "the input state keeps its deterministic brief");
  }
  assert.ok(outcomes.every((outcome) => outcome.status === "summarized"));
  assert.ok(prompts.every((prompt) => prompt.includes("Summarize this span") && prompt.length < 26_000));
});

const fallbacks: [string, Summarize, string][] = [
  [
    "an error",
    async () => {
      throw new Error("provider down");
    },
    "error: provider down",
  ],
  ["an over-length answer", async (request) => "x".repeat(request.maxChars + 1), "over-length"],
  ["an empty answer", async () => "   ", "empty"],
  ["a missing answer", async () => undefined as unknown as string, "empty"],
  [
    "no answer in time",
    (_request, signal) =>
      new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
    "timeout",
  ],
];
for (const [name, summarize, reason] of fallbacks) {
  test(`${name} from the summarizer keeps the deterministic brief`, async () => {
    const { state, outcomes } = await run(summarize, 30);
    for (const id of committed.record.folded) {
      assert.equal(state.folds[id]?.brief, committed.state.folds[id]?.brief);
      assert.equal(state.folds[id]?.summarized, undefined);
    }
    assert.ok(outcomes.every((outcome) => outcome.status === "fallback" && outcome.reason === reason));
  });
}

test("every accepted brief stays within the bound and carries the handle", async () => {
  const { state } = await run(async (request) => "y".repeat(request.maxChars));
  for (const id of committed.record.folded) {
    const brief = state.folds[id]?.brief ?? "";
    assert.ok(brief.length <= BRIEF_MAX_CHARS);
    assert.ok(brief.includes(`{"action":"peek"|"expand","id":"${id}"}`));
  }
});

test("the model summarizer resolves its model, passes auth and effort, and turns provider errors into failures", async () => {
  const calls: { model: string; options: Record<string, unknown> }[] = [];
  let answer: ModelAnswer = { content: [{ type: "text", text: "brief body" }], stopReason: "stop" };
  const summarize = modelSummarizer<string>(
    {
      complete: async (model, _context, options) => {
        calls.push({ model, options: { ...options } });
        return answer;
      },
      sessionModel: () => "session-model",
      find: (provider, model) => (provider === "openai" ? `${provider}/${model}` : undefined),
      auth: async () => ({ ok: true, apiKey: "k" }),
      now: () => 0,
    },
    { provider: "openai", model: "cheap", effort: "medium" },
  );
  const signal = new AbortController().signal;
  assert.equal(await summarize({ id: "F1", prompt: "p", maxChars: 900 }, signal), "brief body");
  assert.equal(calls[0]?.model, "openai/cheap");
  assert.equal(calls[0]?.options.apiKey, "k");
  assert.equal(calls[0]?.options.reasoning, "medium");
  answer = { content: [], stopReason: "error", errorMessage: "rate limited" };
  await assert.rejects(summarize({ id: "F1", prompt: "p", maxChars: 900 }, signal), /rate limited/);
  const missing = modelSummarizer<string>(
    {
      complete: async () => answer,
      sessionModel: () => undefined,
      find: () => undefined,
      auth: async () => ({ ok: true }),
      now: () => 0,
    },
    { provider: "other", model: "cheap" },
  );
  await assert.rejects(missing({ id: "F1", prompt: "p", maxChars: 900 }, signal), /not in the registry/);
});
