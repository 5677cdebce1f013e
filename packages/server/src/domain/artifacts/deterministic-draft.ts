// Drafts without a model: an Experience or a Skill assembled only from the facts the evidence states (evidence-facts.ts),
// in a fixed order, so equal evidence gives an equal draft. Where the evidence states nothing for a field, the field
// says so instead of inventing it; the reviewer completes it with a revision.
import { truncateUtf8 } from "@powercontext/protocol";
import type { ExperienceProposal, SkillGenerationOrigin, SkillProposal } from "@powercontext/protocol";
import type { EvidenceFacts } from "./evidence-facts.ts";
import { invalid } from "./evidence.ts";

/** Each Experience field stays well inside its 8000 code points. */
const FIELD_BYTES = 4000;
const NAME_CHARS = 80;
const LINE_CHARS = 1000;
const MAX_CHECKS = 32;

function joined(parts: readonly string[], bytes = FIELD_BYTES): string | null {
  return parts.length === 0 ? null : truncateUtf8(parts.join(" "), bytes).text;
}

/** One trimmed line of at most `chars` code points, or null when nothing is left. */
export function singleLine(text: string, chars: number): string | null {
  const line = [...text.replace(/\s+/gu, " ").trim()].slice(0, chars).join("").trim();
  return line === "" ? null : line;
}

export function draftExperience(facts: EvidenceFacts): ExperienceProposal {
  const situation = joined(facts.objectives) ?? joined(facts.actions.slice(0, 1));
  if (situation === null) throw invalid("The cited evidence holds no text to draft an Experience from.");
  return {
    situation,
    action: joined(facts.actions) ?? "The cited evidence records no action beyond its objective.",
    outcome: joined(facts.outcomes) ?? "The cited evidence records no outcome.",
    lesson: joined(facts.lessons) ?? "The cited evidence states no lesson; state it when revising this candidate.",
  };
}

/** The Experiences a Skill is made from: the cited ones (origin experience), else one read from the Sources. */
function skillExperiences(facts: EvidenceFacts, origin: SkillGenerationOrigin): ExperienceProposal[] {
  if (origin === "experience") {
    if (facts.experiences.length === 0) throw invalid("A Skill generated from experience must cite an experience.");
    return facts.experiences;
  }
  if (!facts.used.has("Source") && !facts.used.has("task outcome") && !facts.used.has("handoff boundary")) {
    throw invalid(`A Skill generated from ${origin} must cite at least one Source.`);
  }
  return [draftExperience(facts)];
}

export function draftSkill(facts: EvidenceFacts, origin: SkillGenerationOrigin): SkillProposal {
  const experiences = skillExperiences(facts, origin);
  const [first] = experiences;
  if (!first) throw invalid("The cited evidence holds no text to draft a Skill from.");
  const name = singleLine(first.lesson.replace(/[.:;,]+$/u, ""), NAME_CHARS) ?? "Reviewed practice";
  const description = singleLine(`Use when: ${first.situation}`, LINE_CHARS) ?? "Use when the situation recurs.";
  const steps = experiences.map(
    (experience, index) =>
      `${index + 1}. When: ${experience.situation}\n   Do: ${experience.action}\n   Expect: ${experience.outcome}\n   Lesson: ${experience.lesson}`,
  );
  const validation = experiences
    .map((experience) => singleLine(`Confirm the outcome: ${experience.outcome}`, LINE_CHARS))
    .filter((line): line is string => line !== null)
    .slice(0, MAX_CHECKS);
  return {
    name,
    description,
    instructions: truncateUtf8(steps.join("\n"), 30000).text,
    validation: validation.length > 0 ? validation : ["Confirm the expected outcome holds."],
  };
}
