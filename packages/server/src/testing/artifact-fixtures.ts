// Requests and evidence the Experience, Skill and review-inbox tests share.
import type { TestApp } from "./test-app.ts";

export const SCOPE = "git:github.com/acme/billing";

export const EXPERIENCE = {
  situation: "Billing migrations failed on CI.",
  action: "Pinned the migration tool version.",
  outcome: "CI passed.",
  lesson: "Pin schema tooling in CI.",
};

export const SKILL = {
  name: "Pin schema tooling",
  description: "Use when schema migrations fail on CI after a tool upgrade.",
  instructions: "1. Find the migration tool version CI installs.\n2. Pin it in the lock file.",
  validation: ["CI migrations pass twice in a row"],
};

export const sourceRef = (source_id: string) => ({ name: "content", source_id });

/** Captures a plain content Source and returns its reference. */
export async function captureSource(app: TestApp, sourceId: string, content: string) {
  const answer = await app.post("/v1/sources/content", { scope_id: SCOPE, source_id: sourceId, content });
  if (answer.status !== 202) throw new Error(`capture failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  return sourceRef(sourceId);
}

/** Records a task outcome (a work record Source) and returns its reference. */
export async function recordOutcome(app: TestApp, sourceId: string) {
  const outcome = {
    schema: "powercontext.task-outcome.v1",
    trust: "untrusted_observation",
    objective: "Make billing migrations pass on CI",
    status: "succeeded",
    summary: "Migrations pass after pinning the tool.",
    observations: [{ text: "The CI image upgraded the migration tool.", basis: "declared", evidence: [] }],
    checks: [{ name: "ci migrate", status: "passed", details: null, basis: "declared", evidence: [] }],
    produced_artifacts: [],
    remaining_work: ["Pin the tool in the release pipeline too"],
  };
  const answer = await app.post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: sourceId, outcome });
  if (answer.status !== 202) throw new Error(`outcome failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  return sourceRef(sourceId);
}

/** Proposes and approves an Experience; returns the approved candidate. */
export async function approvedExperience(app: TestApp, sourceId: string, proposal = EXPERIENCE) {
  const ref = await captureSource(app, sourceId, `${proposal.situation} ${proposal.action}`);
  const proposed = await app.post("/v1/experience/propose", {
    scope_id: SCOPE,
    proposal,
    source_refs: [ref],
    artifact_refs: [],
  });
  const approved = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: proposed.json.candidate_id,
    expected_version: 1,
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.json)}`);
  return approved.json;
}
