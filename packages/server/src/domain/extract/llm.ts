// The `llm` extractor profile: the configured model proposes candidates for batches of the window's Sources. Each
// batch's answer is read strictly; a failed call or a rejected answer falls back to the `rules` extractor for that
// batch (and is counted). Used by flush only, never on the recall path.
import { truncateUtf8 } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";
import { answerJson } from "../model/answer-json.ts";
import { callModel, type ModelCallDeps } from "../model/call-model.ts";
import type { GenerationLog } from "../model/generation-log.ts";
import type { ChatRequest } from "../model/types.ts";
import { LLM_KINDS, MAX_CANDIDATES_PER_BATCH, parseCandidates } from "./parse-candidates.ts";
import { extractRules } from "./rules.ts";
import type { ExtractedCandidate, Extractor } from "./types.ts";

/** Source text per batch sent to the model, and per Source within it. */
export const LLM_BATCH_BYTES = 24_000;
export const LLM_SOURCE_BYTES = 4_000;
/** Model calls per flush window; later batches use the rules extractor. */
export const LLM_MAX_CALLS = 8;

export interface LlmExtractorDeps extends ModelCallDeps {
  generations: GenerationLog;
}

const INSTRUCTIONS = `You extract durable project memory from a coding agent's conversation.
Answer with one JSON object and nothing else: {"candidates":[{"kind":…,"text":…,"confidence":…,"source_ids":[…]}]}.
- kind is one of: ${LLM_KINDS.join(", ")}.
- text is one self-contained statement worth remembering across sessions (decisions, constraints, conventions,
  preferences, commands, stable facts). Skip questions, chatter and transient details.
- confidence is a number from 0 to 1.
- source_ids lists the ids of the Sources the statement comes from, copied exactly; cite only the Sources given.
- At most ${MAX_CANDIDATES_PER_BATCH} candidates. Answer {"candidates":[]} when nothing is worth remembering.`;

/** Batches of Sources in position order, each within LLM_BATCH_BYTES of excerpted text. */
export function batchSources(sources: readonly StoredSource[]): StoredSource[][] {
  const batches: StoredSource[][] = [];
  let current: StoredSource[] = [];
  let bytes = 0;
  for (const source of [...sources].sort((a, b) => a.position - b.position)) {
    const size = Math.min(Buffer.byteLength(source.content), LLM_SOURCE_BYTES);
    if (current.length > 0 && bytes + size > LLM_BATCH_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(source);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function extractionPrompt(batch: readonly StoredSource[]): ChatRequest {
  const sources = batch.map((source) => ({
    source_id: source.source_id,
    content: truncateUtf8(source.content, LLM_SOURCE_BYTES).text,
  }));
  return {
    messages: [
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: JSON.stringify({ sources }) },
    ],
    max_output_tokens: 2048,
  };
}

function rulesFor(batch: readonly StoredSource[]): ExtractedCandidate[] {
  return extractRules(batch).map((candidate) => ({ ...candidate, extractor: "rules" }));
}

async function extractBatch(deps: LlmExtractorDeps, batch: StoredSource[]): Promise<ExtractedCandidate[]> {
  const scopeId = batch[0]?.scope_id ?? "";
  const result = await callModel(deps, {
    scope_id: scopeId,
    purpose: "memory_extraction",
    request: extractionPrompt(batch),
  });
  if (result.status !== "ok") {
    deps.generations.record("memory_extraction", "fallback", result.status);
    return rulesFor(batch);
  }
  const parsed = parseCandidates(answerJson(result.text), batch);
  if (parsed.status === "rejected") {
    deps.generations.record("memory_extraction", "fallback", parsed.reason);
    return rulesFor(batch);
  }
  deps.generations.record("memory_extraction", "model", null);
  return parsed.candidates;
}

export function createLlmExtractor(deps: LlmExtractorDeps): Extractor {
  return {
    name: "llm",
    async extract(sources) {
      const batches = batchSources(sources);
      const asked = batches.slice(0, LLM_MAX_CALLS);
      const rest = batches.slice(LLM_MAX_CALLS);
      const answers = await Promise.all(asked.map((batch) => extractBatch(deps, batch)));
      for (const _batch of rest) deps.generations.record("memory_extraction", "deterministic", null);
      return [...answers.flat(), ...rest.flatMap(rulesFor)];
    },
  };
}
