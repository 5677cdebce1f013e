// Generated malformed requests against every POST operation: none may produce a 5xx.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "fuzz";
const CITATION = {
  memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
  entry_id: "mem_ent_1",
  entry_version_id: "mem_ver_1",
};
const EVIDENCE = { kind: "source", source_ref: { name: "content", source_id: "s" } };
const DRAFT = {
  objective: "o",
  state: [{ text: "t", citations: [EVIDENCE] }],
  disposition: "continuable",
  next_action: null,
  omissions: [],
};
const PREPARED = {
  schema: "powercontext.prepared-handoff.v1",
  scope_id: SCOPE,
  base: null,
  content: { schema: "powercontext.handoff.v1", ...DRAFT },
};
const CLAIM = { text: "t", basis: "declared", evidence: [] };
const EXPERIENCE = { situation: "s", action: "a", outcome: "o", lesson: "l" };
const SKILL = { name: "n", description: "d", instructions: "i", validation: ["v"] };
const VALID: Record<string, Record<string, unknown>> = {
  "/v1/sources/content": { scope_id: SCOPE, source_id: "s", content: "We must use pnpm.", metadata: { a: 1 } },
  "/v1/context/prepare": { scope_id: SCOPE, query: "pnpm", max_bytes: 8000 },
  "/v1/memory/flush": { scope_id: SCOPE },
  "/v1/memory/remember": { scope_id: SCOPE, kind: "decision", text: "Use pnpm.", reason: "r", expected_revision: 1 },
  "/v1/memory/search": { scope_id: SCOPE, query: "pnpm", limit: 5, mode: "auto" },
  "/v1/memory/entries/list": { scope_id: SCOPE, include_inactive: true },
  "/v1/memory/entries/get": { scope_id: SCOPE, citation: CITATION },
  "/v1/memory/entries/revise": { scope_id: SCOPE, citation: CITATION, kind: "k", text: "t", reason: null },
  "/v1/memory/entries/retire": { scope_id: SCOPE, citation: CITATION, reason: "r" },
  "/v1/memory/changes": { scope_id: SCOPE, since_revision: 0 },
  "/v1/memory/candidates/list": { scope_id: SCOPE, status: "pending", cursor: null, limit: 10 },
  "/v1/memory/candidates/get": { scope_id: SCOPE, candidate_id: "mcand_1" },
  "/v1/memory/candidates/approve": {
    scope_id: SCOPE,
    candidate_id: "mcand_1",
    expected_version: 1,
    reviewer: "user:a",
  },
  "/v1/memory/candidates/reject": { scope_id: SCOPE, candidate_id: "mcand_1", expected_version: 1, reason: "no" },
  "/v1/memory/candidates/revise": {
    scope_id: SCOPE,
    candidate_id: "mcand_1",
    expected_version: 1,
    proposal: { kind: "k", text: "t" },
  },
  "/v1/handoff/prepare": { scope_id: SCOPE, objective: "é".repeat(300), evidence: [EVIDENCE], max_bytes: 512 },
  "/v1/handoff/finalize": { scope_id: SCOPE, draft: DRAFT },
  "/v1/handoff/commit": { scope_id: SCOPE, handoff: PREPARED },
  "/v1/handoff/continue": { scope_id: SCOPE, selection: "prepared", prepared: PREPARED },
  "/v1/handoff/activate": {
    scope_id: SCOPE,
    boundary_source: EVIDENCE.source_ref,
    objective: "o",
    evidence: [EVIDENCE],
    max_bytes: 512,
  },
  "/v1/work/contracts/create": {
    scope_id: SCOPE,
    source_id: "c",
    contract: {
      schema: "powercontext.work-contract.v1",
      trust: "untrusted_input",
      objective: "o",
      facts: [CLAIM],
      in_scope: ["a"],
      exclusions: [],
      completion_criteria: ["b"],
      authorization_notes: [],
      open_questions: [],
    },
  },
  "/v1/work/handoffs/prepare-current": {
    scope_id: SCOPE,
    source_id: "b",
    handoff: {
      schema: "powercontext.current-work-handoff.v1",
      trust: "untrusted_input",
      objective: "o",
      state: [CLAIM],
      disposition: "continuable",
      next_action: CLAIM,
      omissions: [],
    },
  },
  "/v1/work/handoffs/acknowledge": {
    scope_id: SCOPE,
    source_id: "r",
    receiver: "pi",
    status: "declined",
    selection: "prepared",
    prepared: PREPARED,
    message: "m",
  },
  "/v1/work/outcomes/record": {
    scope_id: SCOPE,
    source_id: "o",
    outcome: {
      schema: "powercontext.task-outcome.v1",
      trust: "untrusted_observation",
      objective: "o",
      summary: "s",
      status: "partial",
      observations: [CLAIM],
      checks: [],
      produced_artifacts: [],
      remaining_work: [],
    },
  },
  // Experience, Skill, their review inbox and external Skills (issue 19).
  "/v1/experience/propose": {
    scope_id: SCOPE,
    proposal: EXPERIENCE,
    source_refs: [EVIDENCE.source_ref],
    artifact_refs: [],
    target: null,
    reason: "r",
  },
  "/v1/experience/generate": { scope_id: SCOPE, source_refs: [EVIDENCE.source_ref], artifact_refs: [], reason: "r" },
  "/v1/experience/get": { scope_id: SCOPE, artifact: { family: "experience", artifact_id: "exp_1", revision: 1 } },
  "/v1/skill/propose": { scope_id: SCOPE, proposal: SKILL, source_refs: [EVIDENCE.source_ref], artifact_refs: [] },
  "/v1/skill/generate": { scope_id: SCOPE, origin: "source", source_refs: [EVIDENCE.source_ref], artifact_refs: [] },
  "/v1/skill/get": { scope_id: SCOPE, artifact: { family: "skill", artifact_id: "skill_1", revision: 1 } },
  "/v1/artifact-candidates/list": { scope_id: SCOPE, status: "pending", family: "skill", cursor: null, limit: 10 },
  "/v1/artifact-candidates/get": { scope_id: SCOPE, candidate_id: "cand_1" },
  "/v1/artifact-candidates/approve": { scope_id: SCOPE, candidate_id: "cand_1", expected_version: 1 },
  "/v1/artifact-candidates/reject": { scope_id: SCOPE, candidate_id: "cand_1", expected_version: 1, reason: "no" },
  "/v1/artifact-candidates/revise": {
    scope_id: SCOPE,
    candidate_id: "cand_1",
    expected_version: 1,
    proposal: EXPERIENCE,
    source_refs: [EVIDENCE.source_ref],
    artifact_refs: [],
  },
  "/v1/external-skills/scan": { scope_id: SCOPE },
  "/v1/external-skills/list": { scope_id: SCOPE, include_unavailable: true },
  "/v1/external-skills/resolve": { scope_id: SCOPE, external_skill_id: "ext_1", fingerprint: "a".repeat(64) },
  "/v1/external-skills/import": {
    scope_id: SCOPE,
    external_skill_id: "ext_1",
    fingerprint: "a".repeat(64),
    mode: "fork",
    reason: "r",
  },
};

/** A small deterministic PRNG (mulberry32) so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 2,
  0.5,
  "",
  " ",
  "\u0000",
  "\uD800",
  "é".repeat(300),
  "x".repeat(9000),
  [],
  [1, "a"],
  {},
  { nested: { deeper: [null] } },
  "memory",
  "mem_ent_1",
  1,
  9007199254740991,
  "🙂",
  "\n\t",
];

function mutate(valid: Record<string, unknown>, next: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const body: Record<string, unknown> = structuredClone(valid);
  const keys = Object.keys(body);
  switch (Math.floor(next() * 5)) {
    case 0:
      body[pick(keys)] = pick(ODD_VALUES);
      return body;
    case 1:
      delete body[pick(keys)];
      return body;
    case 2:
      body[`extra_${Math.floor(next() * 3)}`] = pick(ODD_VALUES);
      return body;
    case 3: {
      const key = pick(keys);
      const value = body[key];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const inner = value as Record<string, unknown>;
        inner[pick(Object.keys(inner).concat("zz"))] = pick(ODD_VALUES);
      } else body[key] = pick(ODD_VALUES);
      return body;
    }
    default:
      return pick(ODD_VALUES);
  }
}

test("4,000 generated malformed requests never produce a 5xx and keep the envelope", async (t) => {
  // An empty Skill root, so that the external Skill operations run their checks instead of answering 422 at once.
  const root = await mkdtemp(join(tmpdir(), "pc-fuzz-skills-"));
  t.after(() => rm(root, { recursive: true, force: true }));
  const { app, post } = await buildTestApp(t, {
    externalSkills: { roots: [{ path: root, scope: "user" }], hostId: "h" },
  });
  await post("/v1/memory/remember", { scope_id: SCOPE, kind: "decision", text: "Use pnpm." });
  await post("/v1/sources/content", { scope_id: SCOPE, source_id: "s", content: "Boundary." });
  const next = random(20261129);
  const urls = Object.keys(VALID);
  for (let i = 0; i < 4000; i += 1) {
    const url = urls[i % urls.length] as string;
    const body = mutate(VALID[url] as Record<string, unknown>, next);
    const response = await app.inject({
      method: "POST",
      url,
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
    assert.ok(
      response.statusCode < 500,
      `${url} ${JSON.stringify(body).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
    );
    if (response.statusCode >= 400) assert.ok("error" in response.json(), response.body);
  }
});
