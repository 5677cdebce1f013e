import assert from "node:assert/strict";
import { test } from "node:test";
import { findUrlCredentials } from "./url-credentials.ts";

test("the password in a URL's userinfo is found; placeholders and plain URLs are not", () => {
  const cases: [string, [string, string] | null][] = [
    ["postgres://app:S3cr3tP4ss@db:5432/app", ["url-credentials", "S3cr3tP4ss"]],
    ["redis://:hunter2x@cache:6379/0", ["url-credentials", "hunter2x"]],
    ["https://deploy:K0#T83nWls@git.acme.dev/a.git", ["url-credentials", "K0#T83nWls"]],
    ["https://a8Fk3LmQ9zR2tY7wX1cV5bN0@git.acme.dev/x", ["url-credentials", "a8Fk3LmQ9zR2tY7wX1cV5bN0"]],
    [
      "https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/2",
      ["sentry-dsn", "0123456789abcdef0123456789abcdef"],
    ],
    ["postgres://user:password@localhost/db", null],
    ["postgres://app:${DB_PASSWORD}@db/app", null],
    ["postgres://app:<password>@db/app", null],
    ["ssh://git@github.com/acme/api.git", null],
    ["https://example.com:8080/path@x", null],
    ["https://example.com/", null],
  ];
  for (const [text, expected] of cases) {
    const span = findUrlCredentials(text, text.indexOf("://"));
    assert.deepEqual(span === null ? null : [span.family, text.slice(span.start, span.end)], expected, text);
  }
});
