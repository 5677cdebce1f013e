import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig, StateEnvironment } from "./config.ts";
import { StateError } from "./errors.ts";

test("with only Pi's agent directory the configuration is the documented default", () => {
  assert.deepEqual(loadConfig({ PI_CODING_AGENT_DIR: "/home/a/.pi/agent" }), {
    agentDir: "/home/a/.pi/agent",
    root: join("/home/a/.pi/agent", "powercontext-state"),
    knowledgeRoot: join("/home/a/.pi/agent", "knowledge"),
    defaultMode: "active",
    gitBackup: true,
    gitRemote: null,
    diagnosticsFile: null,
    turnResolution: true,
    compactionMinTokens: null,
  });
});

test("turn resolution is on by default and its switch turns it off", () => {
  assert.equal(loadConfig({}).turnResolution, true);
  assert.equal(loadConfig({ POWERCONTEXT_STATE_TURN_RESOLUTION: "0" }).turnResolution, false);
  assert.equal(loadConfig({ POWERCONTEXT_STATE_TURN_RESOLUTION: "off" }).turnResolution, false);
});

test("Git history is on by default and its switch turns it off", () => {
  assert.equal(loadConfig({}).gitBackup, true);
  assert.equal(loadConfig({ POWERCONTEXT_STATE_GIT_BACKUP: "0" }).gitBackup, false);
  assert.equal(loadConfig({ POWERCONTEXT_STATE_GIT_BACKUP: "off" }).gitBackup, false);
});

test("completed-history compaction is off by default; on, it takes the minimum as given", () => {
  assert.equal(loadConfig({ POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: "500" }).compactionMinTokens, null);
  assert.equal(loadConfig({ POWERCONTEXT_STATE_COMPACTION: "on" }).compactionMinTokens, 8192);
  const both = { POWERCONTEXT_STATE_COMPACTION: "1", POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: "500" };
  assert.equal(loadConfig(both).compactionMinTokens, 500);
});

test("the knowledge root is set apart from the agent dir by its own setting", () => {
  const config = loadConfig({
    PI_CODING_AGENT_DIR: "/home/a/.pi/agent",
    POWERCONTEXT_STATE_KNOWLEDGE_DIR: "/srv/notes/",
  });
  assert.deepEqual([config.knowledgeRoot, config.root], ["/srv/notes", "/home/a/.pi/agent/powercontext-state"]);
});

test("the store directory, the mode and the Git backup switch are read as given", () => {
  const config = loadConfig({
    POWERCONTEXT_STATE_DIR: "/srv/state",
    POWERCONTEXT_STATE_MODE: "passive",
    POWERCONTEXT_STATE_GIT_BACKUP: " No ",
    POWERCONTEXT_STATE_DIAGNOSTICS: "on",
    POWERCONTEXT_STATE_GIT_REMOTE: " /srv/state-remote.git ",
    PI_CODING_AGENT_DIR: "/home/a/.pi/agent",
  });
  assert.deepEqual(
    [config.root, config.defaultMode, config.gitBackup, config.diagnosticsFile, config.gitRemote],
    [
      "/srv/state",
      "passive",
      false,
      "/home/a/.pi/agent/powercontext/logs/powercontext-state.diagnostics.jsonl",
      "/srv/state-remote.git",
    ],
  );
});

test("an invalid value is refused by the variable's name", () => {
  const cases: [Record<string, string>, string][] = [
    [{ POWERCONTEXT_STATE_DIR: "relative/state" }, "POWERCONTEXT_STATE_DIR must be an absolute path."],
    [{ POWERCONTEXT_STATE_KNOWLEDGE_DIR: "notes" }, "POWERCONTEXT_STATE_KNOWLEDGE_DIR must be an absolute path."],
    [{ POWERCONTEXT_STATE_MODE: "loud" }, "POWERCONTEXT_STATE_MODE must be active, passive or off."],
    [{ POWERCONTEXT_STATE_GIT_BACKUP: "sometimes" }, "POWERCONTEXT_STATE_GIT_BACKUP must be true or false."],
    [
      { POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: "0" },
      "POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS must be between 1 and 10000000.",
    ],
    [
      { POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: "many" },
      "POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS must be an integer.",
    ],
  ];
  for (const [env, message] of cases)
    assert.throws(
      () => loadConfig(env),
      (error: unknown) =>
        error instanceof StateError && error.code === "configuration_invalid" && error.message === message,
      message,
    );
});

test("docs/configuration.md lists every variable the package reads", () => {
  const docs = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  for (const name of Object.keys(StateEnvironment.properties).filter((name) => name.startsWith("POWERCONTEXT_")))
    assert.match(docs, new RegExp(`\\| \`${name}\` \\|`), name);
});
