// Proof in a real Pi process, on Pi 1.6.0 and 0.82.1: with `summarizer` set to a cheaper model of the same provider,
// the threshold commit asks that model (through Pi's model registry and auth) for each new fold's brief, and the
// brief it writes is the one every later request carries; a provider error or a model missing from the registry
// leaves the deterministic brief.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { startFakeModel, wireText, type FakeModel } from "./support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi, type PiVersion } from "./support/pi-rpc.ts";

const STAGES = 7;

async function runSession(
  version: PiVersion,
  summarizer: Record<string, string>,
  failModels: string[] = [],
): Promise<{ fake: FakeModel; briefs: string[] }> {
  const fake = await startFakeModel();
  for (const id of failModels) fake.failModels.add(id);
  const files: Record<string, string> = {};
  for (let stage = 1; stage <= STAGES; stage += 1)
    for (let part = 1; part <= 3; part += 1)
      files[`stage-${stage}-${part}.txt`] =
        `FILE ${stage}.${part}\n${`line of stage ${stage} part ${part}\n`.repeat(90)}`;
  const home = makeHome({
    baseUrl: fake.baseUrl,
    contextWindow: 16_000,
    maxTokens: 2_000,
    settings: { compaction: { reserveTokens: 2_000 } },
    files,
  });
  const model = (id: string) => ({ id, contextWindow: 16_000, maxTokens: 2_000 });
  writeFileSync(
    join(home.agentDir, "models.json"),
    JSON.stringify({
      providers: {
        fake: {
          baseUrl: fake.baseUrl,
          api: "openai-completions",
          apiKey: "fake-key",
          models: [model("fake-model"), model("fake-cheap")],
        },
      },
    }),
  );
  const wrapper = join(home.agentDir, "fold-with-summarizer.ts");
  writeFileSync(
    wrapper,
    `import { registerFold } from ${JSON.stringify(EXTENSION_PATH)};\nexport default (pi) => registerFold(pi, { summarizer: ${JSON.stringify(summarizer)} });\n`,
  );
  const pi = await startPi(home, ["--no-session", "-e", wrapper], version);
  try {
    for (let stage = 1; stage <= STAGES; stage += 1) await pi.prompt(`STAGE ${stage} READS 3`);
  } finally {
    await pi.stop();
    await fake.close();
  }
  const last = fake.requests.filter((request) => (request.tools ?? []).length > 0).at(-1);
  const briefs = (last?.messages ?? [])
    .map((message) => wireText(message.content))
    .filter((text) => text.startsWith("[folded "));
  return { fake, briefs };
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("a same-provider cheap model writes the briefs at commit time, under the fixed handle", async () => {
      const { fake, briefs } = await runSession(version, { provider: "fake", model: "fake-cheap" });
      const asked = fake.requests.filter((request) => request.model === "fake-cheap");
      assert.ok(asked.length > 0, "the summarizer model was asked");
      for (const request of asked) {
        assert.equal((request.tools ?? []).length, 0, "no tools in a summarizer request");
        assert.match(wireText(request.messages.at(-1)?.content), /^Summarize this span/);
      }
      assert.ok(briefs.length > 0, "the window shows folds");
      for (const brief of briefs) {
        assert.match(brief, /^\[folded F\d+: \d+ messages, sha256:[0-9a-f]{16}; exact original via fold_context/);
        assert.ok(brief.includes("\nSUMMARY: earlier stages read their files and reported."), brief);
      }
      const main = fake.requests.filter((request) => (request.tools ?? []).length > 0);
      const firstWithBrief = main.findIndex((request) =>
        request.messages.some((message) => wireText(message.content).startsWith("[folded ")),
      );
      for (const request of main.slice(firstWithBrief))
        for (const message of request.messages) {
          const text = wireText(message.content);
          if (text.startsWith("[folded ")) assert.ok(text.includes("\nSUMMARY: "), "no brief changes after its commit");
        }
    });

    test("a provider error from the summarizer model falls back to the deterministic brief", async () => {
      const { fake, briefs } = await runSession(version, { provider: "fake", model: "fake-cheap" }, ["fake-cheap"]);
      assert.ok(
        fake.refused.some((request) => request.model === "fake-cheap"),
        "the summarizer model was asked and failed",
      );
      assert.ok(briefs.length > 0);
      for (const brief of briefs) assert.ok(!brief.includes("SUMMARY:") && /\n(tools|asked): /.test(brief), brief);
    });

    test("a summarizer model missing from the registry falls back to the deterministic brief", async () => {
      const { fake, briefs } = await runSession(version, { provider: "fake", model: "not-registered" });
      assert.ok(!fake.requests.some((request) => (request.tools ?? []).length === 0), "no summarizer request");
      assert.ok(briefs.length > 0);
      for (const brief of briefs) assert.ok(!brief.includes("SUMMARY:") && /\n(tools|asked): /.test(brief), brief);
    });
  });
}
