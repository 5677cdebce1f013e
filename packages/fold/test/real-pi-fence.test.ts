// Proof in a real Pi process, on Pi 1.6.0 and 0.82.1: a request that cannot fit the serving budget even after folding
// is fenced in the `context` hook (the run is aborted) and never reaches the provider.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { startFakeModel, wireText } from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi } from "./support/pi-rpc.ts";

const BUDGET = 3_000;
// One read whose result alone is ~5,000 tokens: it sits in the open turn's fresh tail, so no fold can make room.
const HUGE = `FILE stage 1 part 1\n${"an unfoldable line of the open turn's only read\n".repeat(420)}`;

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("a request over the serving budget after folding is fenced: the run aborts and nothing is sent", async () => {
      const fake = await startFakeModel();
      const home = makeHome({
        baseUrl: fake.baseUrl,
        contextWindow: 128_000,
        maxTokens: 2_000,
        files: { "stage-1-1.txt": HUGE },
      });
      const wrapper = join(home.agentDir, "fold-with-budget.ts");
      writeFileSync(
        wrapper,
        `import { registerFold } from ${JSON.stringify(EXTENSION_PATH)};\nexport default (pi) => registerFold(pi, { providerInputBudget: ${BUDGET} });\n`,
      );
      const pi = await startPi(home, ["--no-session", "-e", wrapper], version);
      try {
        await pi.prompt("STAGE 1 READS 1", 30_000);
        assert.equal(fake.requests.length, 1, "only the first request (before the read) reached the provider");
        assert.ok(
          !fake.requests.some((request) =>
            request.messages.some((message) => wireText(message.content).includes("unfoldable")),
          ),
          "the oversized read result was never sent",
        );
        const notices = pi.events.filter((event) => event.type === "extension_ui_request" && event.method === "notify");
        assert.ok(
          notices.some((event) => String(event.message).includes(`exceeds the serving budget of ${BUDGET}`)),
          "the person is told why",
        );
      } finally {
        await pi.stop();
        await fake.close();
      }
    });
  });
}
