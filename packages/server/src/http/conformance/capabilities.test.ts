// /v1/capabilities says exactly what is served: every advertised family answers its operations, and a family that
// is not advertised is not served (404), so a client that trusts the capabilities never meets a missing family.
import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATION_ROUTES } from "@powercontext/protocol";
import { buildTestApp } from "../../testing/test-app.ts";

/** One operation of each family the contract defines, as upstream's document names them. */
const PROBES = {
  memory: "/v1/memory/search",
  experience: "/v1/experience/get",
  skill: "/v1/skill/get",
  handoff: "/v1/handoff/prepare",
} as const;

test("capabilities advertise exactly the artifact families whose operations are served", async (t) => {
  const { app, post } = await buildTestApp(t);
  const capabilities = (await app.inject({ method: "GET", url: "/v1/capabilities" })).json();
  assert.deepEqual(capabilities.artifact_families, ["memory", "experience", "skill", "handoff"]);
  for (const [family, path] of Object.entries(PROBES)) {
    const answer = await post(path, {});
    const advertised = capabilities.artifact_families.includes(family);
    // Served: the empty body is refused by validation (422). Not served: the path is unknown (404).
    assert.equal(answer.status, advertised ? 422 : 404, `${family}: ${path}`);
    const inTable = Object.values(OPERATION_ROUTES).some((operation) => operation.path.startsWith(`/v1/${family}/`));
    assert.equal(advertised, inTable, family);
  }
  // The generation flags claim what is served: both generate operations answer (deterministically without a model).
  for (const [flag, path] of [
    ["experience_generation", "/v1/experience/generate"],
    ["managed_skill_generation", "/v1/skill/generate"],
  ] as const) {
    assert.equal(capabilities[flag], (await post(path, {})).status === 422, flag);
  }
});
