// Real Pi 1.6.0 and 0.82.1 (RPC mode, persisted session) with turn resolution as it is by default (on) and the
// diagnostic record on: the fake model answers before or after `patch_state` with `final: true`, and the recorded
// requests show every fallback turn. Turned off by its setting, prose closes a run as Pi would.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { diagnosticsFileOf } from "../src/config.ts";
import { FALLBACK_MESSAGE, RESPONSE_ENTRY } from "../src/hooks/resolve-turn.ts";
import { FINAL_GUIDE } from "../src/projection.ts";
import { script, startFakeModel, systemPromptOf, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";
import { sessionEntries } from "./support/session-entries.ts";
import { type WireRequest, wireText } from "@powercontext/pi-testing";

/** No turn resolution setting: the default is under test. */
const ENV = { POWERCONTEXT_STATE_DIAGNOSTICS: "1" };

/** The text of each request's last message (the nudge of a fallback turn, or the user's prompt, or a tool result). */
function lastMessages(requests: readonly WireRequest[]): string[] {
  return requests.map((request) => wireText(request.messages.at(-1)?.content));
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: turn resolution`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version, persist: true, env: ENV });
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

    const entries = (customType: string) => sessionEntries(home.sessionDir, customType);

    function diagnostics(): { kind: string; [key: string]: unknown }[] {
      const text = readFileSync(diagnosticsFileOf(home.agentDir), "utf8");
      return text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
    }

    test("a final patch before the answer: the answer is the response, no fallback turn", async () => {
      const { requests } = await run(
        script([{ call: "patch_state", args: { final: true, session: { working: { step: "answered" } } } }], "plain "),
      );
      assert.equal(requests.length, 2);
      assert.ok(systemPromptOf(requests[0] as WireRequest).includes(FINAL_GUIDE), "the guide says how a run closes");
      assert.deepEqual(entries(RESPONSE_ENTRY).at(-1), { response: "done", status: "final", fallbacks: 0 });
    });

    test("prose before eligibility is kept as the answer; one fallback turn brings the final patch, whose prose is not the response", async () => {
      const { requests, results } = await run(
        script(
          [
            { text: "The answer is 42." },
            { call: "patch_state", args: { final: true, cwd: { contract: { answer: 42 } } } },
          ],
          "late-final ",
        ),
      );
      assert.equal(requests.length, 3, lastMessages(requests).join(" | "));
      assert.match(lastMessages(requests)[1] ?? "", /patch_state with "final": true .* Attempt 1 of 2/);
      assert.equal((results[0] as { ok: boolean }).ok, true);
      assert.deepEqual(entries(RESPONSE_ENTRY).at(-1), {
        response: "The answer is 42.",
        status: "final",
        fallbacks: 1,
      });
      const kinds = diagnostics().map((line) => line.kind);
      assert.deepEqual(kinds.slice(-2), ["draft_preserved", "fallback_started"]);
    });

    test("failed patch calls use no budget; two failed fallbacks close the run with the answer, one warning and a diagnostic", async () => {
      const firstEvent = pi.events.length;
      const { requests, results } = await run(
        script(
          [
            { text: "Deploy from the release branch." },
            { call: "patch_state", args: { final: true, response: "model-authored" } },
            { text: "I think it is fine." },
            { text: "Really fine." },
          ],
          "never-final ",
        ),
      );
      const last = lastMessages(requests);
      assert.equal(requests.length, 4, last.join(" | "));
      assert.match(last[1] ?? "", /Attempt 1 of 2/);
      assert.match(last[3] ?? "", /Attempt 2 of 2/, "the rejected patch did not use the budget");
      assert.equal((results[0] as { code?: string }).code, "invalid_patch");
      assert.deepEqual(entries(RESPONSE_ENTRY).at(-1), {
        response: "Deploy from the release branch.",
        status: "unresolved",
        fallbacks: 2,
      });
      const tail = diagnostics().slice(-5);
      assert.deepEqual(
        tail.map((line) => line.kind),
        ["draft_preserved", "fallback_started", "patch_rejected", "fallback_started", "fallback_exhausted"],
      );
      assert.deepEqual((tail[2] as { patch?: unknown }).patch, { final: true, response: "model-authored" });
      const warnings = pi.events
        .slice(firstEvent)
        .filter(
          (event) => event.method === "notify" && String(event.message).startsWith("powercontext-state: the model"),
        );
      assert.equal(warnings.length, 1, "one warning");
      assert.ok(String(warnings[0]?.message).length < 200, "a bounded warning");
      assert.equal(entries(FALLBACK_MESSAGE).length, 3, "each fallback message stays in Pi's trace (1 + 2)");
      const next = await run("next run");
      const sent = JSON.stringify(next.requests[0]?.messages);
      assert.doesNotMatch(sent, /Attempt \d of 2/, "earlier runs' fallback messages left the context");
      assert.match(sent, /Deploy from the release branch\./, "the earlier answer stays");
    });

    test("turned off (POWERCONTEXT_STATE_TURN_RESOLUTION=0), prose closes the run: no fallback turn, no response entry", async () => {
      const offHome = makeHome(model.baseUrl);
      const env = { ...ENV, POWERCONTEXT_STATE_TURN_RESOLUTION: "0" };
      const off = await startPi(offHome, { version, persist: true, env });
      try {
        const from = model.requests.length;
        await off.prompt(script([{ text: "The answer, unconfirmed." }], "switched-off "));
        const requests = model.requests.slice(from);
        assert.equal(requests.length, 1, lastMessages(requests).join(" | "));
        assert.ok(!systemPromptOf(requests[0] as WireRequest).includes(FINAL_GUIDE), "the guide asks for no final");
        assert.deepEqual(sessionEntries(offHome.sessionDir, RESPONSE_ENTRY), []);
        assert.deepEqual(sessionEntries(offHome.sessionDir, FALLBACK_MESSAGE), []);
      } finally {
        await off.stop();
      }
    });
  });
}
