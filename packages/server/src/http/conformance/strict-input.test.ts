// Requests upstream refuses are refused here too, through HTTP on the real app: a repeated item in a list upstream
// requires to be unique, and a whole number spelled as a float (`29.0`, `1e3`) in an integer field. Each gets
// 422 invalid_request naming the field, and changes nothing; the same request without the fault succeeds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../../testing/test-app.ts";

const SCOPE = "scope-strict-input";
const claim = (text: string) => ({ text, basis: "declared", evidence: [] });

const CONTRACT = {
  schema: "powercontext.work-contract.v1",
  trust: "untrusted_input",
  objective: "Move the export to PostgreSQL",
  facts: [claim("The export writes to SQLite.")],
  in_scope: ["Export job"],
  exclusions: ["Invoices"],
  completion_criteria: ["Export passes on staging"],
  authorization_notes: [],
  open_questions: [],
};
const CURRENT = {
  schema: "powercontext.current-work-handoff.v1",
  trust: "untrusted_input",
  objective: "Hand off the export migration",
  state: [claim("Export job writes to PostgreSQL.")],
  disposition: "continuable",
  next_action: claim("Compare row counts."),
  omissions: ["Load tests not run."],
};
const OUTCOME = {
  schema: "powercontext.task-outcome.v1",
  trust: "untrusted_observation",
  objective: "Move the export to PostgreSQL",
  status: "partial",
  summary: "Export runs on staging.",
  observations: [claim("Row counts match.")],
  checks: [],
  produced_artifacts: [],
  remaining_work: ["Run load tests"],
};

/** Every list upstream requires to be unique, in the operations served: operation path, record key, record, field. */
const UNIQUE_LISTS = [
  ["/v1/work/contracts/create", "contract", CONTRACT, "in_scope"],
  ["/v1/work/contracts/create", "contract", CONTRACT, "exclusions"],
  ["/v1/work/contracts/create", "contract", CONTRACT, "completion_criteria"],
  ["/v1/work/handoffs/prepare-current", "handoff", CURRENT, "omissions"],
  ["/v1/work/outcomes/record", "outcome", OUTCOME, "remaining_work"],
] as const;

test("a repeated item in a list upstream requires unique is refused with 422 naming the field, and nothing is stored", async (t) => {
  const { post, store } = await buildTestApp(t);
  for (const [path, key, record, field] of UNIQUE_LISTS) {
    const sourceId = `${key}-${field}`;
    const repeated = { ...record, [field]: ["Same item", "Other item", "Same item"] };
    const refused = await post(path, { scope_id: SCOPE, source_id: sourceId, [key]: repeated });
    assert.equal(refused.status, 422, `${path} ${field}`);
    assert.equal(refused.json.error.code, "invalid_request");
    assert.deepEqual(
      refused.json.error.details.errors.map((error: { loc: string[]; type: string }) => [error.type, error.loc]),
      [["uniqueItems", ["body", key, field]]],
    );
    assert.equal(await store.findSource(SCOPE, sourceId), null, `${path} ${field} stored nothing`);
    const distinct = { ...record, [field]: ["Same item", "Other item"] };
    const accepted = await post(path, { scope_id: SCOPE, source_id: sourceId, [key]: distinct });
    assert.ok(accepted.status < 300, `${path} ${field} without the repeat: ${JSON.stringify(accepted.json)}`);
  }
});

test("lists upstream does not require unique still take repeated items", async (t) => {
  const { post } = await buildTestApp(t);
  const contract = { ...CONTRACT, open_questions: ["Why?", "Why?"], authorization_notes: ["Ask.", "Ask."] };
  const accepted = await post("/v1/work/contracts/create", { scope_id: SCOPE, source_id: "c", contract });
  assert.equal(accepted.status, 202);
});

async function sendRaw(app: Awaited<ReturnType<typeof buildTestApp>>["app"], url: string, payload: string) {
  const response = await app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });
  return { status: response.statusCode, json: response.json() };
}

test("a whole number spelled with a fraction or an exponent is refused in every integer field, and nothing changes", async (t) => {
  const { app, post, store } = await buildTestApp(t);
  const search = (limit: string) => `{"scope_id":"${SCOPE}","query":"export","limit":${limit}}`;
  const changes = (since: string) => `{"scope_id":"${SCOPE}","since_revision":${since}}`;
  const prepare = (maxBytes: string) => `{"scope_id":"${SCOPE}","query":"export","max_bytes":${maxBytes}}`;
  const contract = (revision: string) =>
    JSON.stringify({ scope_id: SCOPE, source_id: "c1", contract: CONTRACT }).replace(
      '"basis":"declared","evidence":[]',
      `"basis":"verified","evidence":[{"kind":"artifact","artifact_ref":{"family":"memory","artifact_id":"memory","revision":${revision}}}]`,
    );
  // Path, the request with a float spelling, the same request spelled as an integer, the field named in the error.
  const cases: Array<[string, (value: string) => string, string, string, string[]]> = [
    ["/v1/memory/search", search, "29.0", "29", ["limit"]],
    ["/v1/memory/search", search, "2.9e1", "29", ["limit"]],
    ["/v1/memory/changes", changes, "0.0", "0", ["since_revision"]],
    ["/v1/context/prepare", prepare, "1000.0", "1000", ["max_bytes"]],
    ["/v1/context/prepare", prepare, "1E3", "1000", ["max_bytes"]],
    [
      "/v1/work/contracts/create",
      contract,
      "1.0",
      "1",
      ["contract", "facts", "0", "evidence", "0", "artifact_ref", "revision"],
    ],
  ];
  for (const [url, request, floatSpelling, , field] of cases) {
    const refused = await sendRaw(app, url, request(floatSpelling));
    assert.equal(refused.status, 422, request(floatSpelling));
    assert.equal(refused.json.error.code, "invalid_request");
    assert.deepEqual(refused.json.error.details.errors[0].loc, ["body", ...field], request(floatSpelling));
  }
  assert.equal(await store.findSource(SCOPE, "c1"), null);
  // The same requests spelled as integers get past validation (the contract cites a revision that does not exist).
  for (const [url, request, , integerSpelling] of cases) {
    const answered = await sendRaw(app, url, request(integerSpelling));
    assert.ok(answered.status < 300 || answered.json.error.code !== "invalid_request", request(integerSpelling));
  }
  // A float spelled inside a string is just text.
  const textWithFloat = await post("/v1/context/prepare", { scope_id: SCOPE, query: "limit 29.0 and 1e3" });
  assert.equal(textWithFloat.status, 200);
});
