// Real Pi + real Server, negative experiments about configuration and surfaces (seed: "Negative experiments").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { systemPromptOf, type ChatRequest } from "./support/fake-model.ts";
import { PI_VERSIONS } from "./support/pi-rpc.ts";
import { callTool, setupSuite } from "./support/suite.ts";

const LABEL = "PowerContext host-supplied context.";
const TOOL_NAMES = [
  "pc_capture_source",
  "pc_handoff_activate",
  "pc_handoff_commit",
  "pc_handoff_continue",
  "pc_handoff_finalize",
  "pc_handoff_prepare",
  "pc_memory_get",
  "pc_memory_list",
  "pc_memory_retire",
  "pc_memory_revise",
  "pc_prepare_context",
  "pc_remember",
  "pc_search",
];
const toolsOf = (request: ChatRequest | undefined) => (request?.tools ?? []).map((tool) => tool.function.name);
/** Commands registered by extensions other than the host's built-ins (0.82.1 lists a built-in `llama`). */
const extensionCommands = (data: unknown) =>
  (data as { commands: { name: string; source: string; sourceInfo?: { path?: string } }[] }).commands
    .filter(
      (command) => command.source === "extension" && !/^(builtin|<inline)/.test(String(command.sourceInfo?.path ?? "")),
    )
    .map((command) => command.name);

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: configuration and surfaces`, () => {
    const suite = setupSuite();

    async function expectDisabled(env: Record<string, string>): Promise<string> {
      const pi = await suite.pi(version, { env });
      const start = suite.mark();
      const asked = suite.model.requests.length;
      assert.deepEqual(extensionCommands((await pi.send({ type: "get_commands" })).data), [], "no /pc");
      await pi.prompt("Refactor the exporter.");
      const [request] = suite.modelSince(asked);
      assert.equal(toolsOf(request).filter((name) => name.startsWith("pc_")).length, 0, "no PowerContext tools");
      assert.ok(!systemPromptOf(request ?? { model: "", messages: [] }).includes(LABEL), "no injection");
      assert.deepEqual(suite.since(start), [], "hooks make no request");
      assert.match(pi.stderr(), /configuration\.invalid/);
      return pi.stderr();
    }

    test("broken local configuration keeps Pi running with no tools, no /pc and no hook effects", async () => {
      await expectDisabled({ POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "soon" });
    });

    test("plaintext HTTP to a non-loopback host is rejected as configuration", async () => {
      const stderr = await expectDisabled({ POWERCONTEXT_PI_BASE_URL: "http://memory.example.com:8000" });
      assert.match(stderr, /https outside localhost/);
    });

    test("credentials in the base URL are rejected and never printed", async () => {
      const stderr = await expectDisabled({ POWERCONTEXT_PI_BASE_URL: "https://alice:hunter2@memory.example.com" });
      assert.doesNotMatch(stderr, /hunter2/);
    });

    test("an HTTPS remote Server is accepted", async () => {
      const pi = await suite.pi(version, { env: { POWERCONTEXT_PI_BASE_URL: "https://memory.example.com/pc/" } });
      assert.deepEqual(extensionCommands((await pi.send({ type: "get_commands" })).data), ["pc"]);
      const status = await pi.command("/pc --json");
      assert.equal(status.base_url, "https://memory.example.com/pc");
      assert.doesNotMatch(pi.stderr(), /configuration\.invalid/);
    });

    test("the Server being down does not stop the turn, which runs without injected context", async () => {
      const pi = await suite.pi(version, { env: { POWERCONTEXT_PI_BASE_URL: "http://127.0.0.1:9" } });
      const asked = suite.model.requests.length;
      const started = Date.now();
      await pi.prompt("Explain the retry loop.");
      // A refused connection fails at once; the bound only catches retries or waits piling up (a loaded CI host
      // can take several seconds for a whole Pi turn, so it is generous).
      assert.ok(Date.now() - started < 20_000, "the turn was not held by the dead Server");
      assert.equal(suite.model.requests.length, asked + 1);
      assert.ok(!systemPromptOf(suite.model.requests[asked] ?? { model: "", messages: [] }).includes(LABEL));
      await pi.prompt(callTool("pc_search", { query: "retry" }));
      const result = suite.model.requests.at(-1)?.messages.at(-1);
      assert.equal(result?.role, "tool");
      assert.equal((JSON.parse(String(result?.content)) as { code: string }).code, "unavailable");
    });

    test("exactly the 13 tools and /pc exist; Task Outcome, Review, Experience/Skill and generic API surfaces are absent", async () => {
      const pi = await suite.shared(version);
      const commands = (await pi.send({ type: "get_commands" })).data;
      assert.deepEqual(extensionCommands(commands), ["pc"]);
      const asked = suite.model.requests.length;
      await pi.prompt("hello");
      const names = toolsOf(suite.model.requests[asked]);
      assert.deepEqual(names.filter((name) => name.startsWith("pc_")).sort(), TOOL_NAMES);
      for (const name of names)
        assert.doesNotMatch(name, /outcome|review|candidate|experience|skill|contract|acknowledge|operation|api/i);
      for (const sub of ["outcome", "review", "candidates", "handoff", "api", "skill"]) {
        assert.equal((await pi.command(`/pc ${sub} --json`)).code, "invalid_request", sub);
      }
    });
  });
}
