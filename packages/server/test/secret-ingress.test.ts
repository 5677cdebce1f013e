// The planted-secret corpus sent through every Server ingress: no secret is stored (checked on the database files'
// raw bytes) and none is returned (checked on every response body).
import assert from "node:assert/strict";
import { readFileSync, readdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openSqliteStore } from "../src/store/sqlite/index.ts";
import { buildTestApp } from "../src/testing/test-app.ts";
import { buildPlanted } from "../../protocol/test-fixtures/secrets/planted.ts";
import { createRandom } from "../../protocol/test-fixtures/secrets/random.ts";

// The planted corpus is generated at run time from its seed, so the repository holds no literal secret.
const PLANTED = buildPlanted(createRandom(20240601));
const SCOPE = "secrets-scope";

test("planted secrets through capture, flush, remember, revise, retire, candidate review, handoff and work records: 0 stored, 0 returned", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pc-secrets-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = await openSqliteStore(join(dir, "store.sqlite"), { synchronous: "normal" });
  const { post } = await buildTestApp(t, { store, reviewPolicy: { mode: "auto", threshold: 0.5 } });
  const families = new Set(PLANTED.map((p) => p.family));
  assert.ok(PLANTED.length >= 100, `corpus has ${PLANTED.length} secrets`);
  assert.ok(families.size >= 30, `corpus has ${families.size} families`);

  const responses: string[] = [];
  let redacted = 0;
  let refused = 0;
  const seed = await post("/v1/memory/remember", {
    scope_id: SCOPE,
    kind: "decision",
    text: "A clean entry to revise.",
  });
  const citation = seed.json.entry.citation;
  for (const [i, planted] of PLANTED.entries()) {
    const captured = await post("/v1/sources/content", {
      scope_id: SCOPE,
      source_id: `planted-${i}`,
      content: `We must always keep this config: ${planted.text}`,
      metadata: { origin: "test", note: planted.text },
    });
    assert.equal(captured.status, 202, planted.family);
    redacted += Number(captured.headers["x-powercontext-redactions"]);
    responses.push(JSON.stringify(captured.json));
    for (const [url, body] of [
      ["/v1/memory/remember", { scope_id: SCOPE, kind: "decision", text: planted.text }],
      ["/v1/memory/remember", { scope_id: SCOPE, kind: "decision", text: "clean text", reason: planted.text }],
      ["/v1/memory/entries/revise", { scope_id: SCOPE, citation, kind: "decision", text: planted.text }],
      ["/v1/memory/entries/retire", { scope_id: SCOPE, citation, reason: planted.text }],
    ] as const) {
      const response = await post(url, body);
      assert.equal(response.status, 422, `${url} accepted a ${planted.family}`);
      // A reason longer than its 512-character limit is refused as invalid before the secret check.
      const expected = "reason" in body && [...planted.text].length > 512 ? "invalid_request" : "secret_rejected";
      assert.equal(response.json.error.code, expected, `${url} ${planted.family}`);
      refused += 1;
      responses.push(JSON.stringify(response.json));
    }
  }
  const evidence = [{ kind: "source", source_ref: { name: "content", source_id: "planted-0" } }];
  for (const planted of PLANTED) {
    const draft = {
      objective: "Hand off",
      state: [{ text: planted.text, citations: evidence }],
      disposition: "continuable",
      next_action: null,
      omissions: [],
    };
    const contract = {
      schema: "powercontext.work-contract.v1",
      trust: "untrusted_input",
      objective: planted.text.trim(),
      facts: [],
      in_scope: ["x"],
      completion_criteria: ["y"],
      exclusions: [],
      authorization_notes: [],
      open_questions: [],
    };
    for (const [url, body] of [
      ["/v1/handoff/prepare", { scope_id: SCOPE, objective: planted.text, evidence }],
      ["/v1/handoff/activate", { scope_id: SCOPE, boundary_source: evidence[0]?.source_ref, objective: planted.text }],
      ["/v1/handoff/finalize", { scope_id: SCOPE, draft }],
      [
        "/v1/handoff/commit",
        {
          scope_id: SCOPE,
          handoff: {
            schema: "powercontext.prepared-handoff.v1",
            scope_id: SCOPE,
            base: null,
            content: { schema: "powercontext.handoff.v1", ...draft },
          },
        },
      ],
      ["/v1/work/contracts/create", { scope_id: SCOPE, source_id: `contract-${planted.secret.length}`, contract }],
    ] as const) {
      const response = await post(url, body);
      assert.equal(
        response.status,
        422,
        `${url} accepted a ${planted.family}: ${JSON.stringify(response.json).slice(0, 200)}`,
      );
      assert.equal(
        response.json.error.code,
        "secret_rejected",
        `${url} ${planted.family}: ${JSON.stringify(response.json).slice(0, 300)}`,
      );
      refused += 1;
      responses.push(JSON.stringify(response.json));
    }
  }
  for (let flushed = 0; flushed < 10; flushed += 1) {
    const flush = await post("/v1/memory/flush", { scope_id: SCOPE });
    responses.push(JSON.stringify(flush.json));
    if (flush.json.status === "idle") break;
  }
  const pending = await post("/v1/memory/candidates/list", { scope_id: SCOPE, status: "pending", limit: 100 });
  const candidate = pending.json.candidates[0];
  if (candidate) {
    const revise = await post("/v1/memory/candidates/revise", {
      scope_id: SCOPE,
      candidate_id: candidate.candidate_id,
      expected_version: candidate.version,
      proposal: { kind: "decision", text: PLANTED[0]?.text },
    });
    assert.equal(revise.json.error?.code, "secret_rejected");
  }
  for (const planted of PLANTED.slice(0, 40)) {
    for (const url of ["/v1/context/prepare", "/v1/memory/search"]) {
      responses.push(JSON.stringify((await post(url, { scope_id: SCOPE, query: `config ${planted.text}` })).json));
    }
  }
  responses.push(
    JSON.stringify((await post("/v1/memory/entries/list", { scope_id: SCOPE, include_inactive: true })).json),
  );
  responses.push(
    JSON.stringify(
      (await post("/v1/memory/candidates/list", { scope_id: SCOPE, status: "approved", limit: 100 })).json,
    ),
  );
  responses.push(JSON.stringify((await post("/v1/memory/changes", { scope_id: SCOPE, since_revision: 0 })).json));
  await store.close();

  const stored = readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString("latin1"))
    .join("\n");
  const returned = responses.join("\n");
  const leaks = PLANTED.filter((p) => stored.includes(p.secret) || returned.includes(p.secret));
  console.log(
    `planted ${PLANTED.length} secrets in ${families.size} families: ${redacted} redactions at capture, ${refused} writes refused, ${leaks.length} stored or returned`,
  );
  assert.deepEqual(
    leaks.map((p) => p.family),
    [],
  );
  assert.ok(redacted >= PLANTED.length * 2, "every planted secret is redacted in content and in metadata");
  assert.equal(refused, PLANTED.length * 9);
});
