// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session), the fake model scripting tool calls: one process for the file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openStateStore } from "../src/state-file.ts";
import { cwdKey } from "../src/scopes.ts";
import { script, startFakeModel, systemPromptOf, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: one session`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version, persist: true });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    async function run(message: string) {
      const from = model.requests.length;
      await pi.prompt(message);
      const requests = model.requests.slice(from);
      return { requests, results: toolResults(requests) };
    }

    async function sessionKeyNow(): Promise<string> {
      const status = await pi.command("/state status --json");
      return (status.scopes as { session: { key: string } }).session.key;
    }

    const store = () => openStateStore({ root: join(home.agentDir, "powercontext-state") });

    test("a multi-scope patch commits global, cwd and session as one transition, and the next request carries the receipt", async () => {
      const patch = {
        global: { contract: { language: "TypeScript" } },
        cwd: { contract: { db: "sqlite" } },
        session: { working: { next: "write tests" } },
      };
      // `final: true` closes the run at once (turn resolution, on by default), so its requests are the patch and "done".
      const { requests, results } = await run(script([{ call: "patch_state", args: { ...patch, final: true } }]));
      const receipt = results[0] as { ok: boolean; transition: string; state: Record<string, unknown> };
      assert.equal(receipt.ok, true);
      assert.deepEqual(receipt.state, {
        artifacts: {},
        contract: { language: "TypeScript", db: "sqlite" },
        working: { next: "write tests" },
      });
      const keys = { global: "global", cwd: cwdKey(home.cwd), session: await sessionKeyNow() };
      const view = await store().readView(keys);
      assert.deepEqual(
        [
          view.global.head?.tail[0]?.transition,
          view.cwd.head?.tail[0]?.transition,
          view.session.head?.tail[0]?.transition,
        ],
        [receipt.transition, receipt.transition, receipt.transition],
      );
      assert.equal(requests.length, 2);
      assert.equal(
        systemPromptOf(requests[1] as never),
        systemPromptOf(requests[0] as never),
        "the change arrives as a receipt, the system prompt bytes stay",
      );
    });

    test("patch_state beside another tool call is blocked with its siblings and writes nothing", async () => {
      const keys = { global: "global", cwd: cwdKey(home.cwd), session: await sessionKeyNow() };
      const before = await store().readView(keys);
      const { results } = await run(
        script([
          {
            calls: [
              { name: "patch_state", args: { cwd: { working: { sneaky: true } } } },
              { name: "read_state", args: {} },
            ],
          },
        ]),
      );
      assert.equal(results.length, 2);
      assert.match(String(results[0]), /patch_state must be the only tool call of its response/);
      assert.match(String(results[1]), /blocked: patch_state in the same response is an inference barrier/);
      const after = await store().readView(keys);
      assert.equal(after.cwd.basis, before.cwd.basis);
    });

    test("rejections are precise and change nothing: materialized null, empty scope, no-op, unknown field, response", async () => {
      const { results } = await run(
        script([
          { call: "patch_state", args: { cwd: { working: { missing: null } } } },
          { call: "patch_state", args: { session: {} } },
          { call: "patch_state", args: { cwd: { contract: { db: "sqlite" } } } },
          { call: "patch_state", args: { cwd: { notes: { a: 1 } } } },
          { call: "patch_state", args: { response: "done" } },
        ]),
      );
      const reasons = results.map((result) => (result as { details: { reason: string } }).details.reason);
      assert.deepEqual(reasons, ["materialized_null", "empty_scope", "no_op", "unknown_field", "runtime_owned_field"]);
    });

    test("read_state reads offsets 0 through 7 of the same boundaries and rejects offset 8", async () => {
      const patches = Array.from({ length: 8 }, (_, i) => ({
        call: "patch_state",
        args: { session: { working: { n: i + 1 } } },
      }));
      const reads = Array.from({ length: 9 }, (_, offset) => ({
        call: "read_state",
        args: { scope: "session", offset },
      }));
      const { results } = await run(script([...patches, ...reads]));
      const read = results.slice(8);
      for (let offset = 0; offset <= 7; offset += 1) {
        const value = read[offset] as { ok: boolean; offset: number; state: { working: { n: number } } };
        assert.equal(value.ok, true, JSON.stringify(value));
        assert.equal(value.state.working.n, 8 - offset);
      }
      assert.equal(typeof read[8], "string");
      assert.match(String(read[8]), /offset/);
    });

    test("the projection is built once per run and byte-stable between patches", async () => {
      const first = await run(script([{ call: "patch_state", args: { cwd: { working: { step: 1 } } } }]));
      assert.equal(systemPromptOf(first.requests[0] as never), systemPromptOf(first.requests[1] as never));
      const second = await run("hello");
      const third = await run("hello again");
      const projected = systemPromptOf(second.requests[0] as never);
      assert.match(projected, /"step":1/);
      assert.notEqual(projected, systemPromptOf(first.requests[0] as never));
      assert.equal(systemPromptOf(third.requests[0] as never), projected, "no patch between runs: identical bytes");
      assert.equal(projected.split("<powercontext_state").length, 2);
    });

    test("a fork copies the session stream at the fork boundary; parent and child then diverge independently", async () => {
      await run(script([{ call: "patch_state", args: { session: { working: { branch: "before fork" } } } }]));
      await run(script([{ call: "patch_state", args: { session: { working: { branch: "parent later" } } } }]));
      const parentKey = await sessionKeyNow();
      const parentFile = readFileSync(join(home.agentDir, "powercontext-state", "scopes", `session.${parentKey}.json`));
      const forkable = await pi.send({ type: "get_fork_messages" });
      const messages = (forkable.data as { messages: { entryId: string; text: string }[] }).messages;
      const target = messages.find((message) => message.text.includes("parent later"));
      assert.ok(target);
      const forked = await pi.send({ type: "fork", entryId: target.entryId });
      assert.equal(forked.success, true, JSON.stringify(forked));
      const childKey = await sessionKeyNow();
      assert.notEqual(childKey, parentKey);
      const { results } = await run(
        script([
          { call: "read_state", args: { scope: "session" } },
          { call: "patch_state", args: { session: { working: { child: true } } } },
          { call: "read_state", args: { scope: "session", offset: 1 } },
          { call: "read_state", args: { scope: "session", offset: 2 } },
        ]),
      );
      const state = (index: number) =>
        (results[index] as { state: { working: Record<string, unknown> } }).state.working;
      assert.equal(state(0).branch, "before fork");
      assert.equal(state(1).child, true);
      assert.equal(state(2).branch, "before fork");
      assert.equal((results[3] as { code: string }).code, "pre_origin");
      assert.deepEqual(
        readFileSync(join(home.agentDir, "powercontext-state", "scopes", `session.${parentKey}.json`)),
        parentFile,
        "the parent's session files are untouched",
      );
    });
  });
}
