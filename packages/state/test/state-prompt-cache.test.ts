// Real Pi (1.6.0 and 0.82.1) with powercontext-pi and powercontext-state loaded together, a real Server and a local
// model server that records every request: on hosts with prompt sections (Pi 0.86 and later) the state is its own
// section, so a turn whose state did not change keeps the previous request as its exact prefix, and a state change
// is sent as a patch of that section alone; on older hosts the state stays appended to the system prompt, before
// recall, which therefore re-sends the prompt when the state changes.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hasPromptSections, keptPrefix, makeHome, startPi, type WireRequest, wireText } from "@powercontext/pi-testing";
import { CONTEXT_LABEL, RECALL_SECTION } from "powercontext-pi";
import { startServerProcess, type ServerProcess } from "../../server/src/testing/server-process.ts";
import { PROJECTION_SECTION } from "../src/projection.ts";
import { script, startFakeModel, systemPromptOf, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, PACKAGE_DIR, PI_VERSIONS } from "./support/pi-rpc.ts";

const PI_EXTENSION = join(PACKAGE_DIR, "..", "pi", "extensions", "powercontext.ts");
// One memory in the Scope: every turn recalls the same item (or nothing), so recall itself never patches anything
// and any change in the requests comes from the state.
const MEMORY = "Billing exports retry failed batches three times with exponential backoff.";
const QUESTION = "How are billing exports retried?";
/** The question answered as the state guide asks: a final-only `patch_state` (no state change), then the answer. */
const ASK = script([{ call: "patch_state", args: { final: true } }], `${QUESTION} `);
const patchOf = (name: string) => `Updated system prompt section "${name}":`;

/** Texts of the system messages after the head: the section patches a model taking them in place receives. */
const laterSystem = (request: WireRequest) =>
  request.messages
    .slice(1)
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => wireText(message.content));

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: powercontext-pi and powercontext-state keep the prompt cache`, () => {
    let model: FakeModel;
    let server: ServerProcess;

    before(async () => {
      model = await startFakeModel();
      server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-state-cache-server-")));
    });
    after(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await model.close();
    });

    test("unchanged state keeps the previous request as exact prefix; a state change patches only its section", async () => {
      const scope = `state-cache-${version.name}`;
      const remembered = await fetch(`${server.url}/v1/memory/remember`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ scope_id: scope, kind: "decision", text: MEMORY }),
      });
      assert.equal(remembered.status, 200);
      const home = makeHome({ baseUrl: model.baseUrl, compat: { supportsMidConvoSystemMessages: true } });
      // powercontext-pi loads first, so the state section must move ahead of a recall section already set.
      const args = ["--no-session", "--no-extensions", "--no-skills", "--no-context-files"];
      const pi = await startPi({
        version,
        home,
        args: [...args, "-e", PI_EXTENSION, "-e", EXTENSION_PATH],
        env: {
          POWERCONTEXT_PI_BASE_URL: server.url,
          POWERCONTEXT_PI_SCOPE_ID: scope,
          POWERCONTEXT_PI_CAPTURE_PROMPTS: "false",
        },
      });
      try {
        const turn = async (prompt: string) => {
          const from = model.requests.length;
          await pi.prompt(prompt);
          return model.requests.slice(from);
        };
        const [first] = await turn(ASK);
        const [same] = await turn(ASK);
        const patching = await turn(
          script([{ call: "patch_state", args: { final: true, cwd: { working: { step: 1 } } } }]),
        );
        const [changed] = await turn(ASK);
        const [after] = await turn(ASK);
        assert.ok(first && same && changed && after && patching.length === 2);
        const beforeChange = patching.at(-1) as WireRequest;

        const head = systemPromptOf(first);
        const stateAt = head.indexOf(`<${PROJECTION_SECTION}>\nmode: active\n`);
        assert.ok(stateAt > 0 && stateAt < head.indexOf(CONTEXT_LABEL), "the state section comes before recall");
        assert.match(head, /END_POWERCONTEXT_PREPARED_CONTEXT_V1(\n<\/powercontext>)?$/, "recall ends the prompt");
        assert.equal(keptPrefix(first, same), 1, "nothing changed: the previous request is an exact prefix");
        assert.equal(keptPrefix(changed, after), 1, "nothing changed since the state change: exact prefix");
        assert.match(
          systemPromptOf(after) + laterSystem(after).join("\n"),
          /"step":1/,
          "the changed state is in the window",
        );

        if (hasPromptSections(version)) {
          assert.equal(keptPrefix(beforeChange, changed), 1, "a state change keeps the previous request as prefix");
          assert.equal(systemPromptOf(changed), head, "the head is never rewritten");
          const patches = laterSystem(changed).slice(laterSystem(beforeChange).length);
          assert.equal(patches.length, 1, "one appended system message");
          assert.ok(patches[0]?.startsWith(patchOf(PROJECTION_SECTION)), patches[0]);
          assert.match(patches[0] as string, /"step":1/);
          assert.ok(!patches[0]?.includes(patchOf(RECALL_SECTION)), "recall is not patched");
          assert.deepEqual(laterSystem(same), [], "no patch while nothing changed");
        } else {
          // The seed's placement on hosts without sections: the state is in the prompt text, so its change re-sends
          // the prompt (the first divergent byte is inside the system prompt).
          assert.ok(keptPrefix(beforeChange, changed) < 0.99);
          const prompt = systemPromptOf(changed);
          assert.ok(prompt.indexOf('"step":1') < prompt.indexOf(CONTEXT_LABEL), "the state before recall");
        }
      } finally {
        await pi.stop();
      }
    });
  });
}
