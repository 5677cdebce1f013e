import assert from "node:assert/strict";
import { test } from "node:test";
import { isCodeInQuotes, isCodeValue, isMaskedToken, isPlaceholder } from "./placeholder.ts";
import type { UnquotedContext } from "./placeholder.ts";

test("placeholders, masks, references and paths are not literal credentials", () => {
  const cases: [string, boolean][] = [
    ["", true],
    ["   ", true],
    ["***", true],
    ["xxxxxxxx", true],
    ["<your-token>", true],
    ["${TOKEN}", true],
    ["$API_KEY", true],
    ["{{ vault_db_password }}", true],
    ["${{ secrets.NPM_TOKEN }}", true],
    ["process.env.OPENAI_API_KEY", true],
    ["os.environ['X']", true],
    ["your_api_key_here", true],
    ["YOUR_TOKEN", true],
    ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", true],
    ["null", true],
    ["string", true],
    ["password", true],
    ["/run/secrets/db_password", true],
    ["https://vault.internal/v1/kv", true],
    ["0x0B95", true],
    ["op://dev/npm/token", true],
    ["changeme", false],
    ["hunter2", false],
    ["S3cr3tP4ss!", false],
  ];
  for (const [value, expected] of cases) assert.equal(isPlaceholder(value), expected, value);
});

test("documentation masks of provider tokens are recognised", () => {
  const cases: [string, boolean][] = [
    ["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", true],
    ["AKIAIOSFODNN7EXAMPLE", true],
    // A short unit repeated is typed by a person, never generated; an irregular body is a key.
    ["ghp_a1B2a1B2a1B2a1B2a1B2a1B2a1B2a1B2a1B2", true],
    ["sk-proj-1234567890123456789012345678", true],
    ["hf_YourTokenHereYourTokenHere", true],
    ["AIzaaAbBcCaAbBcCaAbBcCaAbBcCaAbBcCaAbBcC", true],
    [["ghp", "q7Zr2Lk9Xw4Mv8Tn3Bs6Pd1Hf5Jc0Ya2Ue7Gi"].join("_"), false],
  ];
  for (const [token, expected] of cases) assert.equal(isMaskedToken(token), expected, token);
});

test("unquoted values that read as code are told apart from literals", () => {
  const context = (overrides: Partial<UnquotedContext>): UnquotedContext => ({
    separator: "=",
    spaced: false,
    quotedKey: false,
    next: "",
    ...overrides,
  });
  const cases: [string, UnquotedContext, boolean][] = [
    ["getPassword", context({ spaced: true }), true],
    ["config.password", context({}), true],
    ["opts?.workSecret", context({ spaced: true }), true],
    ["this.#scalar", context({}), true],
    ["exports.A=exports.B", context({}), true],
    ["accessToken", context({ separator: ":" }), true],
    ["pw", context({ separator: ":", next: "," }), true],
    ["user_password", context({ separator: ":", quotedKey: true }), true],
    ["hunter", context({ spaced: true }), true],
    ["x", context({ separator: "==" }), true],
    ["hunter2", context({}), false],
    ["hunter2", context({ separator: ":" }), false],
    ["hunter2", context({ spaced: true }), false],
    ["dXNlcjpodW50ZXIy==", context({}), false],
  ];
  for (const [value, ctx, expected] of cases)
    assert.equal(isCodeValue(value, ctx), expected, `${value} ${JSON.stringify(ctx)}`);
});

test("code between two string literals is not a quoted value", () => {
  assert.equal(isCodeInQuotes("+input2);request=makeRequest({url})"), true);
  assert.equal(isCodeInQuotes("p@ss(word)"), false);
});
