import assert from "node:assert/strict";
import { test } from "node:test";
import { PowerContextError } from "./errors.ts";
import { defaultDataDir, isLoopbackHost, loadConfig } from "./config.ts";

test("defaults: loopback, port 8000, rules extractor, auto review at 0.7", () => {
  const config = loadConfig({ HOME: "/home/dev" });
  assert.equal(config.host, "127.0.0.1");
  assert.equal(config.port, 8000);
  assert.equal(config.dataDir, "/home/dev/.local/share/powercontext");
  assert.deepEqual(config.reviewPolicy, { mode: "auto", threshold: 0.7 });
  assert.equal(config.extractor, "rules");
  assert.equal(config.token, null);
});

test("the data directory comes from POWERCONTEXT_HOME, then XDG_DATA_HOME, then HOME", () => {
  assert.equal(defaultDataDir({ POWERCONTEXT_HOME: "/p", XDG_DATA_HOME: "/x", HOME: "/h" }), "/p");
  assert.equal(defaultDataDir({ XDG_DATA_HOME: "/x", HOME: "/h" }), "/x/powercontext");
  assert.equal(loadConfig({ HOME: "/h" }, { dataDir: "/flag" }).dataDir, "/flag");
});

test("a non-loopback bind without a token is refused", () => {
  for (const host of ["0.0.0.0", "192.168.1.4", "::", "example.com"]) {
    assert.throws(
      () => loadConfig({}, { host }),
      (error: unknown) => error instanceof PowerContextError && error.code === "configuration_invalid",
    );
  }
  assert.equal(loadConfig({ POWERCONTEXT_SERVER_TOKEN: "a-long-enough-token" }, { host: "0.0.0.0" }).host, "0.0.0.0");
});

test("loopback hosts are recognised", () => {
  const table: Array<[string, boolean]> = [
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["10.0.0.1", false],
    ["127.example.com", false],
  ];
  for (const [host, expected] of table) assert.equal(isLoopbackHost(host), expected, host);
});

test("invalid settings are refused by name", () => {
  const table: Array<Record<string, string>> = [
    { POWERCONTEXT_SERVER_REVIEW_POLICY: "sometimes" },
    { POWERCONTEXT_SERVER_REVIEW_THRESHOLD: "1.5" },
    { POWERCONTEXT_SERVER_REVIEW_THRESHOLD: "abc" },
    { POWERCONTEXT_SERVER_EXTRACTOR: "magic" },
    { POWERCONTEXT_SERVER_PORT: "80a" },
    { POWERCONTEXT_SERVER_TOKEN: "short" },
    { POWERCONTEXT_SERVER_DATABASE_URL: "mysql://x" },
  ];
  for (const env of table) {
    const [name] = Object.keys(env);
    assert.throws(
      () => loadConfig(env),
      (error: unknown) =>
        error instanceof PowerContextError &&
        error.message.includes(name === "POWERCONTEXT_SERVER_PORT" ? "port" : String(name)),
      name,
    );
  }
});

test("a model is configured by base URL and name, with bounded timeout and concurrency", () => {
  assert.equal(loadConfig({}).model, null);
  const config = loadConfig({
    POWERCONTEXT_SERVER_MODEL_BASE_URL: "http://127.0.0.1:11434/v1",
    POWERCONTEXT_SERVER_MODEL_NAME: "qwen2.5:7b",
    POWERCONTEXT_SERVER_EXTRACTOR: "llm",
  });
  assert.deepEqual(config.model, {
    baseUrl: "http://127.0.0.1:11434/v1",
    name: "qwen2.5:7b",
    apiKey: null,
    timeoutMs: 30000,
    concurrency: 2,
  });
  assert.equal(config.extractor, "llm");
  const remote = loadConfig({
    POWERCONTEXT_SERVER_MODEL_BASE_URL: "https://api.example.com/v1",
    POWERCONTEXT_SERVER_MODEL_NAME: "m",
    POWERCONTEXT_SERVER_MODEL_API_KEY: "sk-1",
    POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS: "5000",
    POWERCONTEXT_SERVER_MODEL_CONCURRENCY: "8",
  });
  assert.deepEqual(remote.model, {
    baseUrl: "https://api.example.com/v1",
    name: "m",
    apiKey: "sk-1",
    timeoutMs: 5000,
    concurrency: 8,
  });
});

test("invalid model settings are refused by name", () => {
  const base = { POWERCONTEXT_SERVER_MODEL_BASE_URL: "http://127.0.0.1:8080/v1", POWERCONTEXT_SERVER_MODEL_NAME: "m" };
  const table: Array<[Record<string, string>, string]> = [
    [{ POWERCONTEXT_SERVER_EXTRACTOR: "llm" }, "POWERCONTEXT_SERVER_EXTRACTOR"],
    [{ POWERCONTEXT_SERVER_MODEL_NAME: "m" }, "POWERCONTEXT_SERVER_MODEL_BASE_URL"],
    [{ POWERCONTEXT_SERVER_MODEL_BASE_URL: "http://127.0.0.1:8080/v1" }, "POWERCONTEXT_SERVER_MODEL_NAME"],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_BASE_URL: "ftp://x/v1" }, "POWERCONTEXT_SERVER_MODEL_BASE_URL"],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_BASE_URL: "not a url" }, "POWERCONTEXT_SERVER_MODEL_BASE_URL"],
    [
      {
        ...base,
        POWERCONTEXT_SERVER_MODEL_BASE_URL: "http://models.example.com/v1",
        POWERCONTEXT_SERVER_MODEL_API_KEY: "sk",
      },
      "POWERCONTEXT_SERVER_MODEL_API_KEY",
    ],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS: "50" }, "POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS"],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS: "1.5" }, "POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS"],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_CONCURRENCY: "0" }, "POWERCONTEXT_SERVER_MODEL_CONCURRENCY"],
    [{ ...base, POWERCONTEXT_SERVER_MODEL_CONCURRENCY: "65" }, "POWERCONTEXT_SERVER_MODEL_CONCURRENCY"],
  ];
  for (const [env, name] of table) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) =>
        error instanceof PowerContextError && error.code === "configuration_invalid" && error.message.includes(name),
      JSON.stringify(env),
    );
  }
  assert.equal(
    loadConfig({
      ...base,
      POWERCONTEXT_SERVER_MODEL_BASE_URL: "http://[::1]:8080/v1",
      POWERCONTEXT_SERVER_MODEL_API_KEY: "sk",
    }).model?.apiKey,
    "sk",
  );
});

test("embeddings are off by default and configured by base URL and model", () => {
  assert.equal(loadConfig({ HOME: "/home/dev" }).embedding, null);
  assert.deepEqual(
    loadConfig({
      POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "https://api.example.com/v1",
      POWERCONTEXT_SERVER_EMBEDDING_MODEL: "text-embedding-3-small",
      POWERCONTEXT_SERVER_EMBEDDING_API_KEY: "sk-1",
    }).embedding,
    {
      baseUrl: "https://api.example.com/v1",
      name: "text-embedding-3-small",
      apiKey: "sk-1",
      timeoutMs: 10_000,
      concurrency: 2,
      recallTimeoutMs: 300,
    },
  );
  assert.equal(
    loadConfig({
      POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "http://127.0.0.1:11434/v1",
      POWERCONTEXT_SERVER_EMBEDDING_MODEL: "nomic-embed-text",
      POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS: "800",
    }).embedding?.recallTimeoutMs,
    800,
  );
});

test("invalid embedding settings are refused by name", () => {
  const base = {
    POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "http://127.0.0.1:8080/v1",
    POWERCONTEXT_SERVER_EMBEDDING_MODEL: "e",
  };
  const table: Array<[Record<string, string>, string]> = [
    [{ POWERCONTEXT_SERVER_EMBEDDING_MODEL: "e" }, "POWERCONTEXT_SERVER_EMBEDDING_BASE_URL"],
    [{ POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "http://127.0.0.1:8080/v1" }, "POWERCONTEXT_SERVER_EMBEDDING_MODEL"],
    [{ ...base, POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "ftp://x/v1" }, "POWERCONTEXT_SERVER_EMBEDDING_BASE_URL"],
    [
      {
        ...base,
        POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: "http://embed.example.com/v1",
        POWERCONTEXT_SERVER_EMBEDDING_API_KEY: "sk",
      },
      "POWERCONTEXT_SERVER_EMBEDDING_API_KEY",
    ],
    [
      { ...base, POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS: "9" },
      "POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS",
    ],
    [
      { ...base, POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS: "5001" },
      "POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS",
    ],
    [
      { ...base, POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS: "0.5" },
      "POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS",
    ],
    [{ POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS: "300" }, "POWERCONTEXT_SERVER_EMBEDDING_BASE_URL"],
  ];
  for (const [env, name] of table) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) =>
        error instanceof PowerContextError && error.code === "configuration_invalid" && error.message.includes(name),
      JSON.stringify(env),
    );
  }
});

test("external Skill roots: absolute paths separated by ':', each with an optional scope; off when unset", () => {
  assert.equal(loadConfig({}).externalSkills, null);
  const config = loadConfig({
    POWERCONTEXT_SERVER_SKILL_ROOTS: "/home/dev/.pi/agent/skills:project=/repo/.pi/skills:plugin=/opt/plugins",
    POWERCONTEXT_SERVER_HOST_ID: "laptop-1",
  });
  assert.deepEqual(config.externalSkills, {
    roots: [
      { path: "/home/dev/.pi/agent/skills", scope: "user" },
      { path: "/repo/.pi/skills", scope: "project" },
      { path: "/opt/plugins", scope: "plugin" },
    ],
    hostId: "laptop-1",
  });
  for (const env of [
    { POWERCONTEXT_SERVER_SKILL_ROOTS: "relative/skills" },
    { POWERCONTEXT_SERVER_SKILL_ROOTS: "team=/skills" },
    { POWERCONTEXT_SERVER_SKILL_ROOTS: "/skills", POWERCONTEXT_SERVER_HOST_ID: "two words\nline" },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof PowerContextError && error.code === "configuration_invalid",
      JSON.stringify(env),
    );
  }
});

test("the former setting names are still read, the current name wins, and an error names the one that was set", () => {
  const former = loadConfig({
    POWERCONTEXT_REVIEW_POLICY: "manual",
    POWERCONTEXT_EXTRACTOR: "verbatim",
    POWERCONTEXT_MODEL_BASE_URL: "http://127.0.0.1:11434/v1",
    POWERCONTEXT_MODEL_NAME: "m",
    POWERCONTEXT_LOG_LEVEL: "warn",
  });
  assert.deepEqual(former.reviewPolicy, { mode: "manual" });
  assert.equal(former.extractor, "verbatim");
  assert.equal(former.model?.name, "m");
  assert.equal(former.logLevel, "warn");
  const both = loadConfig({ POWERCONTEXT_SERVER_EXTRACTOR: "rules", POWERCONTEXT_EXTRACTOR: "verbatim" });
  assert.equal(both.extractor, "rules");
  assert.throws(
    () => loadConfig({ POWERCONTEXT_REVIEW_POLICY: "sometimes" }),
    /POWERCONTEXT_SERVER_REVIEW_POLICY \(given as POWERCONTEXT_REVIEW_POLICY\) must be one of auto, manual/,
  );
});
