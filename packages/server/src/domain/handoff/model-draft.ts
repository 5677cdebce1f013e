// Handoff drafting by a model: the prompt (objective, evidence with its exact citations, budget) and the strict
// reading of its answer. The answer is untrusted: anything but a valid draft within the limits is rejected.
import { truncateUtf8 } from "@powercontext/protocol";
import { answerJson } from "../model/answer-json.ts";
import type { ChatRequest } from "../model/types.ts";
import { checkDraft, type DraftCheck, type DraftLimits } from "./check-draft.ts";
import type { Evidence } from "./evidence.ts";
import { statementText } from "./evidence-text.ts";

/** Evidence text shown to the model per item; the request stays bounded whatever the evidence. */
export const MODEL_EVIDENCE_BYTES = 4000;

const INSTRUCTIONS = `You write a handoff so that another agent session can continue a piece of work.
Answer with one JSON object and nothing else, with exactly these keys:
{"objective": string, "state": [{"text": string, "citations": [citation, ...]}, ...],
 "disposition": "continuable" | "blocked" | "complete",
 "next_action": {"text": string, "citations": [citation, ...]} | null,
 "omissions": [{"text": string, "citation": citation | null}, ...]}
Rules:
- "objective" is exactly the objective you are given, character for character.
- Every statement states only what its cited evidence supports. Cite evidence by copying its "citation" value exactly.
- Never cite anything that is not in the evidence list.
- 1 to 64 state statements, 1 to 32 citations each; at most 64 omissions; texts are non-blank.
- The JSON, pretty-printed with 2-space indentation and a "schema" key added, must fit in max_bytes UTF-8 bytes.
- Use omissions for relevant evidence you left out or information you know is missing.`;

export function draftPrompt(input: {
  objective: string;
  evidence: readonly Evidence[];
  max_bytes: number;
}): ChatRequest {
  const evidence = input.evidence.map((item) => ({
    citation: item.citation,
    text: truncateUtf8(statementText(item), MODEL_EVIDENCE_BYTES).text,
  }));
  return {
    messages: [
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: JSON.stringify({ objective: input.objective, max_bytes: input.max_bytes, evidence }) },
    ],
    max_output_tokens: Math.ceil(input.max_bytes / 2),
  };
}

export function readModelDraft(text: string, limits: DraftLimits): DraftCheck {
  return checkDraft(answerJson(text), limits);
}
