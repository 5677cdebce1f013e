// `powercontext doctor pi` and its passive `--deep` preflight: against the real Pi (1.6.0 and 0.82.1) and against a fake
// `pi` placed first on PATH that answers with a wrong shape.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { createFixture, PACKAGE_DIR, PI_VERSIONS, REAL_PI, writeFakePi } from "./pi-cli-fixture.ts";

interface Check {
  name: string;
  status: string;
  detail: string;
}

const statuses = (checks: Check[]) => checks.map((check) => `${check.name}:${check.status}`);

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("doctor pi --deep passes: the extension activates, /pc is registered and the Skill is discovered, with no prompt", async (t) => {
      const fixture = createFixture();
      t.after(() => fixture.remove());
      execFileSync(version.cli, ["install", PACKAGE_DIR], { env: fixture.env() });
      const result = await fixture.cli(["doctor", "pi", "--deep", "--pi", version.cli, "--json"]);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const report = JSON.parse(result.stdout);
      assert.equal(report.ok, true);
      assert.deepEqual(statuses(report.checks), [
        "pi executable:ok",
        "pi list:ok",
        "powercontext-pi manifest:ok",
        "package loads:ok",
      ]);
      assert.equal(report.package_dir, PACKAGE_DIR.replace(/\/$/, ""));
      assert.equal(report.deep.prompt_sent, false);
      assert.equal(report.deep.version_verified, false);
      assert.equal(report.deep.host_version, version.name);
      assert.deepEqual(report.deep.requests, ["get_state", "get_session_stats", "get_messages", "get_commands"]);
      assert.deepEqual(statuses(report.deep.checks), [
        "host version:ok",
        "rpc transcript:ok",
        "extension active:ok",
        "bundled skill:ok",
      ]);
      assert.match(report.deep.checks[0].detail, /self-reported.*unverified/);
      assert.match(report.deep.checks[2].detail, /\/pc is registered by the installed package/);
    });
  });
}

test("doctor pi fails when no powercontext-pi manifest is installed, and without --deep runs no preflight", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const result = await fixture.cli(["doctor", "pi", "--json"]);
  assert.equal(result.code, 1);
  const report = JSON.parse(result.stdout);
  assert.deepEqual(statuses(report.checks), ["pi executable:ok", "pi list:ok", "powercontext-pi manifest:failed"]);
  assert.equal(report.deep, undefined);
  const human = await fixture.cli(["doctor", "pi", "--pi", "/nonexistent/pi"]);
  assert.equal(human.code, 1);
  assert.match(human.stdout, /FAIL {2}pi executable: \/nonexistent\/pi is not an executable file/);
});

test("doctor pi fails when the registered package does not load in Pi, and names the missing module", async (t) => {
  const fixture = createFixture({ workspaceLinks: false });
  t.after(() => fixture.remove());
  const copy = fixture.copyPackage("without-dependencies");
  execFileSync(REAL_PI, ["install", copy], { env: fixture.env() });
  const result = await fixture.cli(["doctor", "pi", "--json"]);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout);
  assert.deepEqual(statuses(report.checks), [
    "pi executable:ok",
    "pi list:ok",
    "powercontext-pi manifest:ok",
    "package loads:failed",
  ]);
  assert.match(
    report.checks[3].detail,
    /does not load in an isolated Pi .*Cannot find module '@powercontext\/(pi-kit|protocol)'/,
  );
  assert.equal(report.deep, undefined, "without --deep the preflight report is not attached");
  const human = await fixture.cli(["doctor", "pi"]);
  assert.match(human.stdout, /FAIL {2}package loads: /);
  assert.match(human.stdout, /Pi is not ready for PowerContext/);
});

test("doctor pi --deep fails against a fake pi that answers with a wrong shape, and says why", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const requests = `${fixture.root}/rpc-requests.log`;
  fixture.pathPrefix.push(
    writeFakePi(
      fixture.root,
      `
const { appendFileSync } = require("node:fs");
const args = process.argv.slice(2);
if (args[0] === "--version") { console.log("1.6.0"); process.exit(0); }
if (args[0] === "list") { console.log("User packages:\\n  ${PACKAGE_DIR}\\n    ${PACKAGE_DIR}"); process.exit(0); }
if (args[0] !== "--mode") process.exit(3);
let buffer = "";
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let newline;
  while ((newline = buffer.indexOf("\\n")) >= 0) {
    const request = JSON.parse(buffer.slice(0, newline));
    buffer = buffer.slice(newline + 1);
    appendFileSync(${JSON.stringify(requests)}, request.type + "\\n");
    const data = {
      get_state: { isStreaming: "no", messageCount: 0, sessionId: "s" },
      get_session_stats: { sessionId: "s", userMessages: 0, assistantMessages: 0, toolCalls: 0, toolResults: 0, totalMessages: 0, tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 },
      get_messages: { messages: [] },
      get_commands: { commands: [] },
    }[request.type];
    console.log(JSON.stringify({ id: request.id, type: "response", command: request.type, success: true, data }));
  }
});
process.stdin.on("end", () => process.exit(0));
`,
    ),
  );
  const result = await fixture.cli(["doctor", "pi", "--deep", "--json"]);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.ok, false);
  assert.deepEqual(
    statuses(report.checks),
    ["pi executable:ok", "pi list:ok", "powercontext-pi manifest:ok", "package loads:failed"],
    "the manifest alone passes, but the package does not load",
  );
  assert.deepEqual(statuses(report.deep.checks), [
    "host version:ok",
    "rpc transcript:failed",
    "extension active:failed",
    "bundled skill:failed",
  ]);
  const why = report.deep.checks[1].detail as string;
  assert.match(why, /get_state\.data: missing "thinkingLevel"/);
  assert.match(why, /isStreaming is not false/);
  assert.match(report.deep.checks[2].detail, /\/pc is not registered/);
  assert.deepEqual(
    readFileSync(requests, "utf8").trim().split("\n"),
    ["get_state", "get_session_stats", "get_messages", "get_commands"],
    "only the four passive requests were sent",
  );
  const human = await fixture.cli(["doctor", "pi", "--deep"]);
  assert.match(human.stdout, /FAIL {2}rpc transcript: .*isStreaming is not false/);
});
