// Real Pi (1.6.0 and 0.82.1) with a real PowerContext Server: /state modes and status, and promotion to Server Memory.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startServerProcess, type ServerProcess } from "../../server/src/testing/server-process.ts";
import { script, startFakeModel, systemPromptOf, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type PiProcess } from "./support/pi-rpc.ts";

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: commands and promotion`, () => {
    let model: FakeModel;
    let server: ServerProcess;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-state-server-")));
      pi = await startPi(makeHome(model.baseUrl), { version, env: { POWERCONTEXT_PI_BASE_URL: server.url } });
    });
    after(async () => {
      await pi.stop();
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await model.close();
    });

    async function lastRequestOf(message: string) {
      const from = model.requests.length;
      await pi.prompt(message);
      const request = model.requests[from];
      assert.ok(request);
      return { system: systemPromptOf(request), tools: (request.tools ?? []).map((tool) => tool.function.name) };
    }

    test("passive mode projects read-only state without tools, off projects nothing, active restores both", async () => {
      await pi.prompt(
        script([{ call: "patch_state", args: { cwd: { contract: { db: "PostgreSQL 16 for billing" } } } }]),
      );
      assert.deepEqual(await pi.command("/state mode passive --json"), { ok: true, mode: "passive" });
      const passive = await lastRequestOf("hello passive");
      assert.match(passive.system, /<powercontext_state>\nmode: passive\n[\s\S]*PostgreSQL 16/);
      assert.deepEqual(
        passive.tools.filter((name) => name.endsWith("_state")),
        [],
      );
      await pi.command("/state mode off --json");
      const off = await lastRequestOf("hello off");
      assert.doesNotMatch(off.system, /powercontext_state/);
      assert.equal((await pi.command("/state status --json")).mode, "off");
      await pi.command("/state mode active --json");
      const active = await lastRequestOf("hello active");
      assert.match(active.system, /<powercontext_state>\nmode: active\n/);
      assert.deepEqual(active.tools.filter((name) => name.endsWith("_state")).sort(), ["patch_state", "read_state"]);
    });

    test("promotion saves a state entry as a Server Memory entry after confirmation and records it", async () => {
      const promoted = await pi.command("/state promote cwd.contract.db decision --json");
      assert.equal(promoted.ok, true, JSON.stringify(promoted));
      assert.equal(promoted.status, "accepted");
      const entry = promoted.entry as { text: string; kind: string; citation: unknown };
      assert.deepEqual([entry.kind, entry.text], ["decision", "cwd.contract.db: PostgreSQL 16 for billing"]);
      const status = await pi.command("/state status --json");
      assert.equal(status.promotions, 1);
    });

    test("a promotion the user declines sends and records nothing, and the entry is kept", async () => {
      const before = await pi.command("/state status --json");
      pi.respondUi = (request) =>
        request.method === "confirm" ? { confirmed: false } : request.method === "notify" ? null : { cancelled: true };
      const from = pi.events.length;
      try {
        const declined = await pi.command("/state promote cwd.contract.db decision --json");
        assert.equal(declined.ok, false);
        assert.equal(declined.code, "cancelled");
        assert.match(String(declined.message), /nothing was sent/);
      } finally {
        pi.respondUi = (request) =>
          request.method === "confirm" ? { confirmed: true } : request.method === "notify" ? null : { cancelled: true };
      }
      const asked = pi.events
        .slice(from)
        .filter((event) => event.type === "extension_ui_request" && event.method === "confirm");
      assert.equal(asked.length, 1, "the user was asked once");
      const after = await pi.command("/state status --json");
      assert.equal(after.promotions, before.promotions, "no promotion record: the record precedes any send");
      assert.deepEqual(after.scopes, before.scopes, "no scope file changed");
      const read = await lastRequestOf("after decline");
      assert.match(read.system, /"db":"PostgreSQL 16 for billing"/);
    });

    test("secret-shaped entries are refused before anything is sent, and a failed promotion keeps the entry", async () => {
      await pi.prompt(
        script([
          {
            call: "patch_state",
            args: { cwd: { working: { key: "ghp_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ", plan: "ship it" } } },
          },
        ]),
      );
      const secret = await pi.command("/state promote cwd.working.key --json");
      assert.equal(secret.code, "secret_rejected");
      server.child.kill("SIGTERM");
      await server.exited;
      const promotions = (await pi.command("/state status --json")).promotions as number;
      const failed = await pi.command("/state promote cwd.working.plan --json");
      assert.equal(failed.ok, false);
      assert.match(String(failed.message), /the state entry is kept/);
      const read = await lastRequestOf("after failure");
      assert.match(read.system, /"plan":"ship it"/);
      assert.doesNotMatch(read.system, /memory_promotions/, "bookkeeping stays out of the model's projection");
      assert.equal(
        (await pi.command("/state status --json")).promotions,
        promotions + 1,
        "the failed attempt is recorded",
      );
    });
  });
}
