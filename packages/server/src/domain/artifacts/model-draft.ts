// Drafting by the configured model: the prompt (the facts read from the cited evidence) and the strict reading of its
// answer, which is untrusted: anything but a proposal within the contract's limits is refused, and the caller drafts
// deterministically instead.
import type { CandidateFamily, ExperienceProposal, SkillProposal } from "@powercontext/protocol";
import { answerJson } from "../model/answer-json.ts";
import type { ChatRequest } from "../model/types.ts";
import type { EvidenceFacts } from "./evidence-facts.ts";

const SHAPES = {
  experience: `{"situation": string, "action": string, "outcome": string, "lesson": string} (each 1 to 8000 characters)`,
  skill: `{"name": string (one line, at most 128 characters), "description": string (one line, at most 2000),
 "instructions": string (at most 32000), "validation": [string, ...] (1 to 32 one-line checks)}`,
} as const;

export function proposalPrompt(family: CandidateFamily, facts: EvidenceFacts): ChatRequest {
  const instructions = `You turn evidence from finished coding work into a reusable ${family === "experience" ? "Experience" : "Skill"}.
Answer with one JSON object and nothing else, exactly of this shape:
${SHAPES[family]}
State only what the evidence supports; never invent outcomes.`;
  const { objectives, actions, outcomes, lessons, experiences } = facts;
  return {
    messages: [
      { role: "system", content: instructions },
      { role: "user", content: JSON.stringify({ objectives, actions, outcomes, lessons, experiences }) },
    ],
    max_output_tokens: 2000,
  };
}

const SINGLE_LINE = /^\S(?:.*\S)?$/u;

function field(value: unknown, max: number, singleLine = false): value is string {
  if (typeof value !== "string" || value.trim() === "" || [...value].length > max) return false;
  return !singleLine || SINGLE_LINE.test(value);
}

function hasExactly(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

export function readExperience(text: string): ExperienceProposal | null {
  const value = answerJson(text) as Record<string, unknown> | undefined;
  if (typeof value !== "object" || value === null) return null;
  const keys = ["situation", "action", "outcome", "lesson"] as const;
  if (!hasExactly(value, keys) || !keys.every((key) => field(value[key], 8000))) return null;
  return value as unknown as ExperienceProposal;
}

export function readSkill(text: string): SkillProposal | null {
  const value = answerJson(text) as Record<string, unknown> | undefined;
  if (typeof value !== "object" || value === null) return null;
  if (!hasExactly(value, ["name", "description", "instructions", "validation"])) return null;
  const { name, description, instructions, validation } = value;
  if (!field(name, 128, true) || !field(description, 2000, true) || !field(instructions, 32000)) return null;
  if (!Array.isArray(validation) || validation.length < 1 || validation.length > 32) return null;
  if (!validation.every((item) => field(item, 2000, true))) return null;
  return value as unknown as SkillProposal;
}
