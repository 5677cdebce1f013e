import assert from "node:assert/strict";
import { test } from "node:test";
import { PowerContextError } from "../../errors.ts";
import { draftExperience, draftSkill, singleLine } from "./deterministic-draft.ts";
import type { EvidenceFacts } from "./evidence-facts.ts";

const facts = (overrides: Partial<EvidenceFacts> = {}): EvidenceFacts => ({
  objectives: [],
  actions: [],
  outcomes: [],
  lessons: [],
  experiences: [],
  used: new Map(),
  ...overrides,
});

test("an Experience draft takes each field from the evidence and says so where the evidence is silent", () => {
  const draft = draftExperience(facts({ objectives: ["Fix CI"], actions: ["Pinned the tool."] }));
  assert.deepEqual(draft, {
    situation: "Fix CI",
    action: "Pinned the tool.",
    outcome: "The cited evidence records no outcome.",
    lesson: "The cited evidence states no lesson; state it when revising this candidate.",
  });
  assert.throws(
    () => draftExperience(facts()),
    (error: unknown) => error instanceof PowerContextError,
  );
});

test("a Skill draft from Experiences: name from the first lesson, one step and one check per Experience", () => {
  const experience = { situation: "CI\nfailed", action: "Pinned.", outcome: "Passed.", lesson: "Pin tools." };
  const skill = draftSkill(
    facts({ experiences: [experience, { ...experience, outcome: "Green twice." }] }),
    "experience",
  );
  assert.equal(skill.name, "Pin tools");
  assert.equal(skill.description, "Use when: CI failed");
  assert.match(skill.instructions, /^1\. When: CI\nfailed\n {3}Do: Pinned\.[\s\S]*\n2\. When:/);
  assert.deepEqual(skill.validation, ["Confirm the outcome: Passed.", "Confirm the outcome: Green twice."]);
  assert.throws(
    () => draftSkill(facts(), "experience"),
    (error: unknown) => error instanceof PowerContextError,
  );
  assert.equal(singleLine(" a \n b ", 10), "a b");
  assert.equal(singleLine("   ", 10), null);
});
