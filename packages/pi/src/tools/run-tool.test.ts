import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "../errors.ts";
import { createFakeClient, makeContext, makeRuntime, makeUi } from "../testing/fake-client.ts";
import { TOOLS, type ToolSpec } from "./catalog.ts";
import { CONFIRM_TITLE } from "./confirm.ts";
import { toFailure } from "./outcome.ts";
import { runTool } from "./run-tool.ts";

const tool = (name: string): ToolSpec => {
  const found = TOOLS.find((candidate) => candidate.name === name);
  assert.ok(found);
  return found;
};
const citation = {
  memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
  entry_id: "mem_ent_1",
  entry_version_id: "mem_ver_1",
};
const MUTATION_PARAMS: Record<string, Record<string, unknown>> = {
  pc_remember: { kind: "decision", text: "Use PostgreSQL 16." },
  pc_memory_revise: { citation, kind: "decision", text: "Use PostgreSQL 17." },
  pc_memory_retire: { citation },
  pc_capture_source: { source_id: "boundary-1", content: "Progress so far." },
  pc_handoff_activate: { boundary_source: { name: "content", source_id: "boundary-1" }, objective: "Hand off" },
  pc_handoff_commit: { handoff: { schema: "powercontext.prepared-handoff.v1" } },
};

test("without a UI every mutation returns confirmation_required and sends nothing", async () => {
  for (const [name, params] of Object.entries(MUTATION_PARAMS)) {
    const client = createFakeClient();
    const outcome = await runTool(makeRuntime(client), tool(name), params, makeContext({ hasUI: false }));
    assert.equal(outcome.ok ? "ok" : outcome.code, "confirmation_required", name);
    assert.equal(client.calls.length, 0, name);
  }
});

test("a declined confirmation is cancelled and a failing dialog is unavailable; neither writes", async () => {
  for (const [answer, code] of [
    [false, "cancelled"],
    [new Error("dialog broke"), "unavailable"],
  ] as const) {
    const client = createFakeClient();
    const ui = makeUi(answer);
    const outcome = await runTool(
      makeRuntime(client),
      tool("pc_remember"),
      MUTATION_PARAMS.pc_remember ?? {},
      makeContext({ ui }),
    );
    assert.equal(outcome.ok ? "ok" : outcome.code, code);
    assert.equal(ui.confirms[0]?.title, CONFIRM_TITLE);
    assert.equal(client.calls.length, 0);
  }
});

test("an approved mutation sends the write with the derived scope replacing the caller's", async () => {
  const client = createFakeClient(() => ({ memory: { revision: 1 }, entry: null }));
  const ui = makeUi(true);
  const outcome = await runTool(
    makeRuntime(client, { scope: "git:github.com/acme/billing" }),
    tool("pc_remember"),
    { ...MUTATION_PARAMS.pc_remember, scope_id: "someone-else" },
    makeContext({ ui }),
  );
  assert.equal(outcome.ok, true);
  assert.deepEqual(client.calls[0]?.payload, {
    kind: "decision",
    text: "Use PostgreSQL 16.",
    scope_id: "git:github.com/acme/billing",
  });
  assert.match(
    ui.confirms[0]?.message ?? "",
    /pc_remember[\s\S]*Use PostgreSQL 16\.[\s\S]*git:github\.com\/acme\/billing/,
  );
});

test("reads run without confirmation, with the derived scope", async () => {
  const client = createFakeClient(() => ({ hits: [] }));
  const ui = makeUi(false);
  const outcome = await runTool(
    makeRuntime(client),
    tool("pc_search"),
    { query: "db", scope_id: "other" },
    makeContext({ hasUI: false, ui }),
  );
  assert.equal(outcome.ok, true);
  assert.equal(ui.confirms.length, 0);
  assert.deepEqual(client.calls[0]?.payload, { query: "db", limit: 8, mode: "auto", scope_id: "scope-a" });
});

test("secret-bearing mutation payloads are rejected before confirmation and never sent", async () => {
  const secrets: [string, Record<string, unknown>][] = [
    ["pc_remember", { kind: "agent-note", text: "token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8" }],
    [
      "pc_capture_source",
      {
        source_id: "s",
        content: "x",
        metadata: {
          note: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----",
        },
      },
    ],
  ];
  for (const [name, params] of secrets) {
    const client = createFakeClient();
    const ui = makeUi(true);
    const outcome = await runTool(makeRuntime(client), tool(name), params, makeContext({ ui }));
    assert.equal(outcome.ok ? "ok" : outcome.code, "secret_rejected", name);
    assert.equal(ui.confirms.length, 0);
    assert.equal(client.calls.length, 0);
  }
});

test("an invalid PreparedContext from pc_prepare_context is an invalid_response", async () => {
  const client = createFakeClient(() => ({
    schema: "powercontext.prepared-context.v1",
    status: "ready",
    content: "x",
    content_bytes: 9,
  }));
  const outcome = await runTool(makeRuntime(client), tool("pc_prepare_context"), { query: "q" }, makeContext());
  assert.equal(outcome.ok ? "ok" : outcome.code, "invalid_response");
});

test("errors map to stable model-visible codes", () => {
  const http = (status: number, serverCode: string | null = null, serverMessage: string | null = null) =>
    new PiError("http_error", "x", { details: { status, serverCode, serverMessage, requestId: "r" } });
  const cases: [unknown, string, RegExp][] = [
    [http(401, "unauthorized", "A valid bearer token is required."), "authentication_failed", /authentication failed/],
    [http(404, "not_found", "Route not found."), "not_found", /Route not found/],
    [http(404), "not_found", /not found/],
    [http(409, "revision_conflict", "The Memory Revision is stale."), "revision_conflict", /stale/],
    [http(409), "conflict", /stale/],
    [
      http(422, "capability_not_supported", "The requested capability is unavailable."),
      "capability_not_supported",
      /capability/,
    ],
    [http(422), "invalid_request", /rejected/],
    [
      http(500, "internal_error", "secret internals"),
      "internal_error",
      /^PowerContext is unavailable, continue the task\.$/,
    ],
    [http(503), "unavailable", /unavailable/],
    [new PiError("transport_failed", "refused"), "unavailable", /unavailable/],
    [new PiError("invalid_response", "redirect"), "invalid_response", /invalid response/],
    [new Error("anything"), "unavailable", /unavailable/],
  ];
  for (const [error, code, message] of cases) {
    const failure = toFailure(error);
    assert.equal(failure.code, code);
    assert.match(failure.message, message);
  }
});
