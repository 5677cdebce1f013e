// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session) with powercontext-state installed as a package (settings
// `packages`, so its bundled curation Skill loads too) and a knowledge root under the agent dir: the recorded requests
// show which sources need compiling and never a Markdown body the model did not read itself; the store shows the
// runtime's evidence beside each compiled artifact, removals only on proven absence and a missing root kept as is.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sha256Hex } from "@powercontext/protocol";
import { type WireRequest, wireText, startPi as startSharedPi } from "@powercontext/pi-testing";
import { COMPILER_REVISION, PROVENANCE_KEY } from "../src/knowledge/evidence.ts";
import { cwdKey } from "../src/scopes.ts";
import { openStateStore } from "../src/state-file.ts";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PACKAGE_DIR, PI_VERSIONS, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";

const SKILL_FILE = realpathSync(join(PACKAGE_DIR, "skills", "powercontext-state-memory", "SKILL.md"));
const COMPILATION = {
  applicability: "explicit audits",
  constraints: "bounded passes",
  failure_conditions: "no request",
};

/** Every system message of a request (the head and any section patches), joined. */
function systemText(request: WireRequest): string {
  return request.messages
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => wireText(message.content))
    .join("\n");
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: knowledge artifacts and Skills`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;
    let root: string;
    let a: string;
    let b: string;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      const settings = JSON.parse(readFileSync(join(home.agentDir, "settings.json"), "utf8"));
      writeFileSync(join(home.agentDir, "settings.json"), JSON.stringify({ ...settings, packages: [PACKAGE_DIR] }));
      mkdirSync(join(home.agentDir, "knowledge", "sub"), { recursive: true });
      root = realpathSync(join(home.agentDir, "knowledge"));
      [a, b] = [join(root, "a.md"), join(root, "sub", "b.md")];
      writeFileSync(a, "# A\nBODY-A-7f3e\n");
      writeFileSync(b, "# B\nBODY-B-91c2\n");
      writeFileSync(join(root, "README.md"), "BODY-UPPER-55aa\n");
      symlinkSync(a, join(root, "link.md"));
      const args = ["--session-dir", home.sessionDir, "--no-context-files"];
      pi = await startSharedPi({ version, home, env: {}, args });
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
    const store = () => openStateStore({ root: join(home.agentDir, "powercontext-state") });
    const scopes = async () => {
      const view = await store().readView({ global: "global", cwd: cwdKey(home.cwd), session: "none" });
      return { global: view.global, cwd: view.cwd };
    };
    const knowledgeStatus = async () => (await pi.command("/state status --json")).knowledge as Record<string, unknown>;

    test("the request lists new sources by path, never a body, a symlink or an upper-case file; the curation Skill is advertised", async () => {
      const { requests } = await run("hello");
      const prompt = systemText(requests[0] as WireRequest);
      assert.match(prompt, /<powercontext_knowledge>/);
      assert.ok(prompt.includes(`This run:\n- new: ${a}\nLater runs:\n- new: ${b}`), prompt);
      assert.ok(!prompt.includes(join(root, "link.md")) && !prompt.includes(join(root, "README.md")));
      assert.ok(prompt.includes("powercontext-state-memory") && prompt.includes(SKILL_FILE), "bundled Skill loaded");
      for (const request of requests) assert.doesNotMatch(JSON.stringify(request), /BODY-/);
    });

    test("a source read with Pi's read tool and compiled gets the runtime's evidence in the same transition", async () => {
      const steps = [a, b].flatMap((path, index) => [
        { call: "read", args: { path } },
        { call: "patch_state", args: { global: { artifacts: { [path]: { description: `notes ${index}` } } } } },
      ]);
      const { results } = await run(script(steps));
      assert.deepEqual([results[1]?.ok, results[3]?.ok], [true, true]);
      const head = (await scopes()).global.head;
      const last = head?.tail.at(-1)?.patch as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(last).sort(), ["artifacts", "working"], "output and evidence in one record");
      const evidence = (last.working?.[PROVENANCE_KEY] as Record<string, Record<string, string>>)[b];
      assert.equal(evidence?.sourceHash, sha256Hex("# B\nBODY-B-91c2\n"));
      assert.equal(evidence?.compilerRevision, COMPILER_REVISION);
      assert.ok(Number.isFinite(Date.parse(evidence?.compiledAt ?? "")));
      const next = systemText((await run("next")).requests[0] as WireRequest);
      assert.ok(!next.includes("<powercontext_knowledge>"), "both fresh: no section");
      assert.ok(next.includes("notes 0") && !next.includes(PROVENANCE_KEY) && !next.includes("sourceHash"));
      assert.doesNotMatch(next, /BODY-/);
      assert.deepEqual((await knowledgeStatus()).counts, {
        new: 0,
        source_changed: 0,
        compiler_changed: 0,
        maintenance_due: 0,
        unknown: 0,
        fresh: 2,
      });
    });

    test("a patch that authors freshness evidence is refused with a clear error and writes nothing", async () => {
      const before = (await scopes()).global.basis;
      const { results } = await run(
        script([{ call: "patch_state", args: { global: { artifacts: { [a]: { sourceHash: "forged" } } } } }]),
      );
      const failure = results[0] as { ok: boolean; code: string; message: string; details: Record<string, string> };
      assert.deepEqual(
        [failure.ok, failure.code, failure.details.reason],
        [false, "invalid_patch", "runtime_owned_field"],
      );
      assert.equal(failure.details.path, `global.artifacts.${a}.sourceHash`);
      assert.match(failure.message, /runtime records itself/);
      assert.equal((await scopes()).global.basis, before);
    });

    test("a changed source is listed; a deleted one is removed on proven absence; a missing root keeps state, freshness unavailable", async () => {
      writeFileSync(a, "# A\nBODY-A-changed\n");
      rmSync(b);
      assert.equal((await knowledgeStatus()).absent, 1, "status re-derives the removal from the registry");
      const changed = systemText((await run("after edits")).requests[0] as WireRequest);
      assert.ok(changed.includes(`- source changed: ${a}`), changed);
      assert.ok(!changed.includes("notes 1"), "the removed artifact is gone from the projection");
      const global = (await scopes()).global;
      assert.deepEqual(Object.keys(global.current.artifacts), [a]);
      assert.deepEqual(Object.keys(global.current.working[PROVENANCE_KEY] as object), [a]);
      renameSync(root, `${root}-away`);
      const missing = systemText((await run("root gone")).requests[0] as WireRequest);
      assert.match(missing, /knowledge root is unavailable: the freshness of 1 compiled knowledge artifact/);
      assert.deepEqual(Object.keys((await scopes()).global.current.artifacts), [a], "nothing removed");
      assert.equal((await knowledgeStatus()).freshness, "unavailable");
      renameSync(`${root}-away`, root);
    });

    test("a read Skill compiles only at cwd, with applicability, constraints and failure conditions", async () => {
      const skill = (scope: string, compilation: object) => ({
        call: "patch_state",
        args: { [scope]: { artifacts: { [SKILL_FILE]: { kind: "skill", description: "curation", compilation } } } },
      });
      const { results } = await run(
        script([
          { call: "read", args: { path: SKILL_FILE } },
          skill("global", COMPILATION),
          skill("cwd", { applicability: "audits" }),
          skill("cwd", COMPILATION),
        ]),
      );
      const reasons = results.slice(1).map((result) => (result.details as { reason?: string } | undefined)?.reason);
      assert.deepEqual(reasons, ["skill_not_cwd", "skill_compilation", undefined]);
      assert.equal(results[3]?.ok, true);
      const cwd = (await scopes()).cwd.current;
      const evidence = (cwd.working[PROVENANCE_KEY] as Record<string, { sourceHash: string }>)[SKILL_FILE];
      assert.equal(evidence?.sourceHash, sha256Hex(readFileSync(SKILL_FILE)));
      assert.equal((cwd.artifacts[SKILL_FILE] as { kind: string }).kind, "skill");
    });
  });
}
