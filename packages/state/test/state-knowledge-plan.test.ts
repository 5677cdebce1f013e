// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session, turn resolution on) with a knowledge root set apart from the
// agent dir (POWERCONTEXT_STATE_KNOWLEDGE_DIR): the recorded requests show the rehydration plan (one bounded read per
// run, the rest later), the final validation that refuses an eligible answer while a source read after the final
// patch is not compiled, and read_state's tag filter; a restart on the same session is a resume-bootstrap.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type WireRequest, wireText, startPi as startSharedPi } from "@powercontext/pi-testing";
import { RESPONSE_ENTRY } from "../src/hooks/resolve-turn.ts";
import { PROVENANCE_KEY } from "../src/knowledge/evidence.ts";
import { openStateStore } from "../src/state-file.ts";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";
import { sessionEntries } from "./support/session-entries.ts";

/** Every system message of a request (the head and any section patches), joined. */
function systemText(request: WireRequest | undefined): string {
  return (request?.messages ?? [])
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => wireText(message.content))
    .join("\n");
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: knowledge root setting, rehydration plan, final validation, tag filter`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;
    let root: string;
    let a: string;
    let b: string;
    let big: string;

    const start = (resume: boolean) => {
      const env = { POWERCONTEXT_STATE_KNOWLEDGE_DIR: root, POWERCONTEXT_STATE_TURN_RESOLUTION: "1" };
      const session = ["--session-dir", home.sessionDir, ...(resume ? ["--continue"] : [])];
      const args = [...session, "--no-extensions", "--no-skills", "--no-context-files", "-e", EXTENSION_PATH];
      return startSharedPi({ version, home, env, args });
    };

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      root = realpathSync(mkdtempSync(join(tmpdir(), "pc-state-notes-")));
      [a, b, big] = [join(root, "a.md"), join(root, "b.md"), join(root, "big.md")];
      writeFileSync(a, "# A\nBODY-A-4c1d\n");
      writeFileSync(b, "# B\nBODY-B-0e9a\n");
      writeFileSync(big, `# Big\n${"x".repeat(70 * 1024)}\n`);
      mkdirSync(join(home.agentDir, "knowledge"));
      writeFileSync(join(home.agentDir, "knowledge", "agent.md"), "BODY-AGENT-77f0\n");
      pi = await start(false);
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    async function run(message: string) {
      const from = model.requests.length;
      await pi.prompt(message);
      const requests = model.requests.slice(from);
      return { requests, results: toolResults(requests) as Record<string, unknown>[] };
    }
    const rehydration = async () =>
      ((await pi.command("/state status --json")).knowledge as { rehydration: Record<string, unknown> }).rehydration;
    const globalState = async () => {
      const store = openStateStore({ root: join(home.agentDir, "powercontext-state") });
      return (await store.readView({ global: "global", cwd: "none", session: "none" })).global.current;
    };

    test("the set-apart root is the one discovered; its first run reads one source, the others wait", async () => {
      assert.deepEqual(await rehydration(), {
        phase: "new-bootstrap",
        reads: [a],
        deferred: [
          { path: b, reason: "read-count-limit" },
          { path: big, reason: "read-count-limit" },
        ],
      });
      const { requests } = await run(script([{ text: "hello" }, { call: "patch_state", args: { final: true } }]));
      const prompt = systemText(requests[0]);
      assert.ok(prompt.includes(`root: ${root}\n`), prompt);
      assert.ok(prompt.includes(`This run:\n- new: ${a}\nLater runs:\n- new: ${b}\n- new: ${big}`), prompt);
      assert.ok(!prompt.includes("agent.md"), "the agent dir's knowledge folder is not the root any more");
      for (const request of requests) assert.doesNotMatch(JSON.stringify(request), /BODY-/);
      assert.equal((await rehydration()).phase, "step", "later runs are steps");
    });

    test("an eligible answer after a later read of an uncompiled source falls back until the source is compiled", async () => {
      const compile = {
        call: "patch_state",
        args: { final: true, global: { artifacts: { [a]: { description: "notes on A", tags: ["deploy"] } } } },
      };
      const steps = [
        { call: "patch_state", args: { final: true } },
        { call: "read", args: { path: a } },
        { text: "A says deploy on Fridays." },
        compile,
      ];
      const { requests, results } = await run(script(steps));
      assert.equal(
        requests.length,
        5,
        requests.map((request) => wireText(request.messages.at(-1)?.content)).join(" | "),
      );
      const nudge = wireText(requests[3]?.messages.at(-1)?.content);
      assert.match(nudge, /must compile the sources you read in this run/);
      assert.ok(nudge.includes(a) && nudge.includes("Attempt 1 of 2"), nudge);
      assert.equal(results.at(-1)?.ok, true);
      assert.deepEqual(sessionEntries(home.sessionDir, RESPONSE_ENTRY).at(-1), {
        response: "A says deploy on Fridays.",
        status: "final",
        fallbacks: 1,
      });
      const global = await globalState();
      assert.ok((global.working[PROVENANCE_KEY] as Record<string, unknown>)[a], "compiled with the read's evidence");
      const next = systemText((await run("next")).requests[0]);
      assert.ok(next.includes(`This run:\n- new: ${b}\nLater runs:\n- new: ${big}`), "the plan moved on");
    });

    test("read_state's tag filter keeps only the artifacts whose tags match", async () => {
      const { results } = await run(
        script([
          {
            call: "patch_state",
            args: { global: { artifacts: { "/elsewhere/ci.md": { description: "ci", tags: ["ci"] } } } },
          },
          { call: "read_state", args: { tags: { all: ["deploy"] } } },
          { call: "read_state", args: { tags: { any: ["ci", "deploy"] } } },
          { call: "read_state", args: { tags: { all: [""] } } },
          { call: "patch_state", args: { final: true } },
        ]),
      );
      const artifacts = (index: number) =>
        Object.keys(((results[index] as { state: { artifacts: object } }).state ?? { artifacts: {} }).artifacts);
      assert.deepEqual(artifacts(1), [a]);
      assert.deepEqual(artifacts(2), ["/elsewhere/ci.md", a].sort());
      assert.equal((results[3] as { code?: string }).code, "invalid_read");
    });

    test("a restart on the same session plans as a resume-bootstrap", async () => {
      await pi.stop();
      pi = await start(true);
      assert.equal((await rehydration()).phase, "resume-bootstrap");
    });
  });
}
