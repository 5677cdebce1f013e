import assert from "node:assert/strict";
import { test } from "node:test";
import { classifyKeyName, splitKeyName } from "./key-name.ts";
import type { KeyKind } from "./key-name.ts";

test("key names split into lowercase words across case and separators", () => {
  const cases: [string, string[]][] = [
    ["dbPassword", ["db", "password"]],
    ["DB_PASSWORD", ["db", "password"]],
    ["x-api-key", ["x", "api", "key"]],
    ["APIKey", ["api", "key"]],
    ["spring.datasource.password", ["spring", "datasource", "password"]],
    ["--token", ["token"]],
  ];
  for (const [name, words] of cases) assert.deepEqual(splitKeyName(name), words, name);
});

test("key names are classified by the credential they name", () => {
  const cases: [string, KeyKind | null][] = [
    ["password", "password"],
    ["DB_PASSWORD", "password"],
    ["PGPASSWORD", "password"],
    ["client_secret", "password"],
    ["SECRET_KEY", "password"],
    ["passwd", "password"],
    ["GITHUB_TOKEN", "token"],
    ["accessToken", "token"],
    ["OPENAI_API_KEY", "token"],
    ["apiKey", "token"],
    ["private_key", "token"],
    ["_authToken", "token"],
    ["credentials", "token"],
    ["Authorization", "authorization"],
    ["proxy-authorization", "authorization"],
    ["SIGNING_KEY", "token"],
    ["license_key", "token"],
    ["HONEYCOMB_WRITEKEY", "token"],
    ["PAGERDUTY_ROUTING_KEY", "token"],
    ["AZURE_DEVOPS_PAT", "token"],
    ["ClearTextPassword", "password"],
    ["csrf-token", null],
    ["key_down_event", null],
    ["cache_key", null],
    ["max_tokens", null],
    ["token_count", null],
    ["token_endpoint", null],
    ["password_min_length", null],
    ["public_key", null],
    ["secretName", null],
    ["secretKeyRef", null],
    ["AWS_ACCESS_KEY_ID", null],
    ["cacheKey", null],
    ["Sec-WebSocket-Key", null],
    ["author", null],
    ["passport", null],
    ["monkey", null],
    ["tokenizer", null],
    ["OIDC_SUBJECT_TOKEN_TYPE1", null],
  ];
  for (const [name, kind] of cases) assert.equal(classifyKeyName(name), kind, name);
});
