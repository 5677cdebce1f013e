// Recall placement in a real Pi against a real Server: each placement keeps earlier requests as exact prefixes where
// it promises to, the recall stays cited, identical recall is not sent again, and a run started by a custom message
// recalls and captures nothing.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { hasPromptSections as hasSections, keptPrefix, makeHome, type WireRequest } from "@powercontext/pi-testing";
import { EXTENSION_PATH, PACKAGE_DIR, PI_VERSIONS } from "./support/pi-rpc.ts";
import {
  CITATION,
  LABEL,
  lastRecall,
  laterSystemMessages,
  recallBlocks,
  recallTexts,
  SECTION_PATCH,
} from "./support/recall-window.ts";
import { NOTICE } from "./support/custom-turn-extension.ts";
import { setupSuite } from "./support/suite.ts";

const CUSTOM_TURN = join(PACKAGE_DIR, "test", "support", "custom-turn-extension.ts");
const MEMORIES = [
  "Billing exports retry failed batches three times with exponential backoff.",
  "After the OpenAPI contract changes, regenerate openapi/powercontext.yaml and run the contract test.",
  "Database migrations run in one transaction and are never edited after a release.",
  "The web client reads feature flags from /v1/flags once at startup.",
];
const QUESTIONS = [
  "How are billing exports retried?",
  "What should happen after the OpenAPI contract changes?",
  "How do database migrations run?",
  "How does the web client read feature flags?",
];

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: recall placement`, () => {
    const suite = setupSuite();
    let scopes = 0;

    /** A Pi whose model accepts mid-conversation system messages, with the memories in a fresh Scope. */
    async function start(env: Record<string, string> = {}, extra: string[] = []) {
      scopes += 1;
      const scope = `placement-${version.name}-${scopes}`;
      for (const text of MEMORIES) {
        const response = await fetch(`${suite.server.server.url}/v1/memory/remember`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ scope_id: scope, kind: "decision", text }),
        });
        assert.equal(response.status, 200);
      }
      const home = makeHome({ baseUrl: suite.model.baseUrl, compat: { supportsMidConvoSystemMessages: true } });
      const args = ["--no-session", "--no-extensions", "--no-skills", "-e", EXTENSION_PATH, ...extra];
      return suite.pi(version, { home, args, env: { POWERCONTEXT_PI_SCOPE_ID: scope, ...env } });
    }

    async function ask(pi: Awaited<ReturnType<typeof start>>, questions: string[]): Promise<WireRequest[]> {
      const from = suite.model.requests.length;
      for (const question of questions) await pi.prompt(question);
      return suite.modelSince(from);
    }

    const prefixes = (requests: WireRequest[]) =>
      requests.slice(1).map((request, index) => keptPrefix(requests[index] as WireRequest, request));

    test("auto: the placement /pc names; recall cited every turn; exact prefixes where the host has sections", async () => {
      const pi = await start({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "false" });
      const requests = await ask(pi, QUESTIONS);
      const status = (await pi.command("/pc --json")) as { recall_placement: { in_force: string; reason: string } };
      assert.equal(status.recall_placement.in_force, hasSections(version) ? "section" : "system-prompt");
      for (const [index, request] of requests.entries()) {
        const blocks = recallBlocks(request);
        assert.ok(blocks.length > 0, `turn ${index + 1} carries the PowerContext block`);
        for (const block of blocks) assert.match(block, CITATION);
        const memory = MEMORIES[index] as string;
        assert.ok(
          blocks.some((block) => block.includes(memory)),
          `turn ${index + 1}: its memory is in the window`,
        );
      }
      const kept = prefixes(requests);
      if (hasSections(version)) {
        assert.ok(
          kept.every((ratio) => ratio >= 0.99),
          `exact prefixes kept: ${kept.join(", ")}`,
        );
        // Each patch carries only items the window did not hold: no memory is sent twice.
        const last = requests.at(-1) as WireRequest;
        assert.ok(laterSystemMessages(last).every((text) => text.startsWith(SECTION_PATCH)));
        for (const memory of MEMORIES)
          assert.ok(recallBlocks(last).filter((block) => block.includes(memory)).length <= 1, memory);
      } else {
        // The seed's placement re-sends the system prompt: a changed recall moves the first divergent byte into it.
        assert.ok(
          kept.every((ratio) => ratio < 0.99),
          `the prompt is re-sent: ${kept.join(", ")}`,
        );
      }
    });

    test("identical recall sends nothing again", async () => {
      const pi = await start({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "false" });
      const question = QUESTIONS[0] as string;
      const requests = await ask(pi, [question, question, question]);
      assert.ok(prefixes(requests).every((ratio) => ratio >= 0.99));
      for (const request of requests) assert.match(lastRecall(request) ?? "", CITATION);
      assert.deepEqual(
        requests.map((request) => recallTexts(request).length),
        [1, 1, 1],
        "the one recall block of the first request is the only one",
      );
    });

    test("message placement keeps every request an exact prefix and sends a changed recall as a new message", async () => {
      const pi = await start({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "false", POWERCONTEXT_PI_RECALL_PLACEMENT: "message" });
      const requests = await ask(pi, [...QUESTIONS.slice(0, 2), QUESTIONS[1] as string]);
      const kept = prefixes(requests);
      assert.ok(
        kept.every((ratio) => ratio >= 0.99),
        `exact prefixes kept: ${kept.join(", ")}`,
      );
      assert.deepEqual(
        requests.map((request) => recallTexts(request).length),
        [1, 2, 2],
      );
      for (const request of requests) {
        assert.ok(!request.messages.slice(0, 1).some((message) => String(message.content).includes(LABEL)));
        assert.match(lastRecall(request) ?? "", CITATION);
      }
    });

    test("a run started by a custom message recalls and captures nothing and keeps the recall in place", async () => {
      const pi = await start({}, ["-e", CUSTOM_TURN]);
      const requests = await ask(pi, [QUESTIONS[0] as string]);
      const mark = suite.mark();
      const from = suite.model.requests.length;
      await pi.prompt("/probe-notice");
      const deadline = Date.now() + 10_000;
      while (suite.model.requests.length === from && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const [noticed] = suite.modelSince(from);
      assert.ok(noticed, "the custom message started a model request");
      assert.ok(noticed.messages.some((message) => JSON.stringify(message.content).includes(NOTICE)));
      assert.deepEqual(suite.since(mark, "/v1/context/prepare"), [], "no recall for the custom message");
      assert.deepEqual(suite.since(mark, "/v1/sources/content"), [], "no capture of the custom message");
      assert.ok(keptPrefix(requests[0] as WireRequest, noticed) >= 0.99, "the window is an exact prefix");
      assert.deepEqual(laterSystemMessages(noticed), [], "no section patch (and no removal)");
      assert.match(lastRecall(noticed) ?? "", CITATION);
    });
  });
}
