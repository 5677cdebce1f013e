// Requests and citations for the Handoff HTTP suites: one scope, its Sources and Memory entries, citations of them.
import assert from "node:assert/strict";
import type { TestApp } from "./test-app.ts";

export const SCOPE = "git:github.com/acme/billing";
export const source = (source_id: string) => ({ kind: "source", source_ref: { name: "content", source_id } });
export const memory = (citation: object) => ({ kind: "memory", memory_citation: citation });
export const artifact = (family: string, artifact_id: string, revision: number) => ({
  kind: "artifact",
  artifact_ref: { family, artifact_id, revision },
});
export const handoffRef = (revision: number) => ({ family: "handoff", artifact_id: "handoff", revision });

export async function capture(app: TestApp, source_id: string, content: string): Promise<number> {
  const response = await app.post("/v1/sources/content", { scope_id: SCOPE, source_id, content });
  assert.equal(response.status, 202);
  return response.json.position;
}

export async function remember(app: TestApp, text: string, kind = "decision") {
  const response = await app.post("/v1/memory/remember", { scope_id: SCOPE, kind, text });
  assert.equal(response.status, 200);
  return response.json.entry.citation;
}
