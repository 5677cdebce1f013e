import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { PiError } from "./errors.ts";
import { closingBudgetMs, loadSettings, parseBaseUrl, PiEnvironment } from "./config.ts";

test("with no variables the settings are the documented defaults", () => {
  assert.deepEqual(loadSettings({}), {
    baseUrl: "http://127.0.0.1:8000",
    scopeId: null,
    authorization: null,
    capturePrompts: true,
    maxBytes: 8000,
    requestTimeoutMs: 1000,
    httpBudgetMs: 4000,
    flushMaxCalls: 4,
    recallPlacement: "auto",
    recallResend: "new-items",
  });
});

test("plain HTTP is accepted only on loopback; HTTPS anywhere; trailing slashes are stripped", () => {
  const cases: [string, string][] = [
    ["http://127.0.0.1:8000", "http://127.0.0.1:8000"],
    ["http://localhost:9000/", "http://localhost:9000"],
    ["http://[::1]:8000//", "http://[::1]:8000"],
    ["https://memory.example.com/prefix/", "https://memory.example.com/prefix"],
    ["https://10.0.0.5:8443", "https://10.0.0.5:8443"],
  ];
  for (const [input, expected] of cases) assert.equal(parseBaseUrl(input), expected, input);
});

test("a base URL with plaintext off loopback, credentials, a query, a fragment or another scheme is rejected", () => {
  const rejected = [
    "http://memory.example.com",
    "http://10.0.0.5:8000",
    "http://127.0.0.2:8000",
    "http://0.0.0.0:8000",
    "https://user:secret@memory.example.com",
    "http://user@127.0.0.1:8000",
    "https://memory.example.com/?token=abc",
    "https://memory.example.com/?",
    "https://memory.example.com/#frag",
    "ftp://127.0.0.1/",
    "file:///tmp/socket",
    "127.0.0.1:8000",
    "not a url",
  ];
  for (const input of rejected) {
    assert.throws(
      () => parseBaseUrl(input),
      (error: unknown) => error instanceof PiError && error.code === "configuration_invalid",
      input,
    );
  }
});

test("the configuration error never repeats the credential-bearing URL", () => {
  try {
    loadSettings({ POWERCONTEXT_PI_BASE_URL: "https://alice:hunter2@memory.example.com" });
    assert.fail("expected a configuration error");
  } catch (error) {
    assert.ok(error instanceof PiError);
    assert.doesNotMatch(error.message, /hunter2|alice/);
  }
});

test("the recall budget is clamped to 512–32768 bytes", () => {
  assert.equal(loadSettings({ POWERCONTEXT_PI_MAX_BYTES: "100" }).maxBytes, 512);
  assert.equal(loadSettings({ POWERCONTEXT_PI_MAX_BYTES: "100000" }).maxBytes, 32_768);
  assert.equal(loadSettings({ POWERCONTEXT_PI_MAX_BYTES: "2048" }).maxBytes, 2048);
});

test("booleans accept true/false spellings and reject anything else", () => {
  assert.equal(loadSettings({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "false" }).capturePrompts, false);
  assert.equal(loadSettings({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "0" }).capturePrompts, false);
  assert.equal(loadSettings({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "YES" }).capturePrompts, true);
  assert.throws(() => loadSettings({ POWERCONTEXT_PI_CAPTURE_PROMPTS: "maybe" }), PiError);
});

test("integers outside their range or not integers are rejected", () => {
  for (const env of [
    { POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "10" },
    { POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "30001" },
    { POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "1.5" },
    { POWERCONTEXT_PI_HTTP_BUDGET_MS: "soon" },
    { POWERCONTEXT_PI_FLUSH_MAX_CALLS: "0" },
    { POWERCONTEXT_PI_FLUSH_MAX_CALLS: "17" },
    { POWERCONTEXT_PI_MAX_BYTES: "8k" },
  ]) {
    assert.throws(() => loadSettings(env), PiError, JSON.stringify(env));
  }
});

test("the authorization value is sent whole, and blank values count as unset", () => {
  assert.equal(loadSettings({ POWERCONTEXT_PI_AUTHORIZATION: "Bearer abc def" }).authorization, "Bearer abc def");
  assert.equal(loadSettings({ POWERCONTEXT_PI_AUTHORIZATION: "  " }).authorization, null);
  assert.equal(loadSettings({ POWERCONTEXT_PI_SCOPE_ID: "" }).scopeId, null);
  assert.throws(() => loadSettings({ POWERCONTEXT_PI_AUTHORIZATION: "Bearer a\nX-Evil: 1" }), PiError);
});

test("the closing budget is the turn budget capped at 1,000 ms", () => {
  assert.equal(closingBudgetMs(loadSettings({})), 1000);
  assert.equal(closingBudgetMs(loadSettings({ POWERCONTEXT_PI_HTTP_BUDGET_MS: "300" })), 300);
});

test("an invalid value is refused by the variable's name, never by its value", () => {
  const cases: [Record<string, string>, string][] = [
    [
      { POWERCONTEXT_PI_AUTHORIZATION: "Bearer a\nX-Evil: 1" },
      "POWERCONTEXT_PI_AUTHORIZATION must not contain control characters.",
    ],
    [{ POWERCONTEXT_PI_CAPTURE_PROMPTS: "maybe" }, "POWERCONTEXT_PI_CAPTURE_PROMPTS must be true or false."],
    [{ POWERCONTEXT_PI_MAX_BYTES: "8k" }, "POWERCONTEXT_PI_MAX_BYTES must be an integer."],
    [{ POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "10" }, "POWERCONTEXT_PI_REQUEST_TIMEOUT_MS must be between 50 and 30000."],
  ];
  for (const [env, message] of cases)
    assert.throws(
      () => loadSettings(env),
      (error: unknown) => error instanceof PiError && error.message === message,
      message,
    );
});

test("docs/configuration.md lists every variable the package reads, with its default", () => {
  const docs = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  for (const [name, schema] of Object.entries(PiEnvironment.properties)) {
    const fallback = "default" in schema ? `\`${String(schema.default)}\`` : "unset";
    assert.ok(docs.includes(`| \`${name}\` | ${fallback} |`), name);
  }
});
