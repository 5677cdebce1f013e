// Real Pi + real Server: the bundled Skill's handoff recipe, tool by tool, from one session to the next.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PI_VERSIONS } from "./support/pi-rpc.ts";
import { callTool, lastToolResult, setupSuite } from "./support/suite.ts";

interface Ok<T> {
  ok: true;
  data: T;
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: handoff recipe`, () => {
    const suite = setupSuite();

    test("capture a boundary, activate, finalize, commit, then continue the latest handoff", async () => {
      const pi = await suite.shared(version);
      pi.respondUi = (request) => (request.method === "confirm" ? { confirmed: true } : null);
      const run = async <T>(name: string, args: Record<string, unknown>): Promise<Ok<T>> => {
        const asked = suite.model.requests.length;
        await pi.prompt(callTool(name, args));
        const result = lastToolResult(suite.modelSince(asked)) as Ok<T> | { ok: false; code: string; message: string };
        assert.equal(result.ok, true, `${name}: ${JSON.stringify(result)}`);
        return result as Ok<T>;
      };
      const boundary = { name: "content", source_id: `handoff-boundary-${version.name}` };
      await run("pc_capture_source", {
        source_id: boundary.source_id,
        content: "The export job writes to PostgreSQL 16 now.\nNext: compare staging row counts before the release.",
      });
      const activated = await run<{ status: string; draft: Record<string, unknown> }>("pc_handoff_activate", {
        boundary_source: boundary,
        objective: "Hand off the PostgreSQL export migration",
      });
      assert.equal(activated.data.status, "generated");
      const prepared = await run<{ schema: string; base: unknown }>("pc_handoff_finalize", {
        draft: activated.data.draft,
      });
      assert.equal(prepared.data.schema, "powercontext.prepared-handoff.v1");
      const committed = await run<{ reference: { revision: number } }>("pc_handoff_commit", { handoff: prepared.data });
      const continued = await run<{
        status: string;
        selected_revision: { revision: number };
        evidence_checks: Array<{ status: string }>;
      }>("pc_handoff_continue", { selection: "latest" });
      assert.equal(continued.data.status, "resolved");
      assert.equal(continued.data.selected_revision.revision, committed.data.reference.revision);
      assert.ok(continued.data.evidence_checks.length > 0);
      assert.ok(continued.data.evidence_checks.every((check) => check.status === "available"));
      const paths = suite.since(0).map((request) => request.path);
      for (const path of [
        "/v1/handoff/activate",
        "/v1/handoff/finalize",
        "/v1/handoff/commit",
        "/v1/handoff/continue",
      ]) {
        assert.ok(paths.includes(path), path);
      }
    });
  });
}
