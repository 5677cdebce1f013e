import assert from "node:assert/strict";
import { test } from "node:test";
import { findBasic, findBearer, inAuthorizationHeader } from "./authorization.ts";

test("a Bearer token is found in a header, or anywhere when it looks random", () => {
  const cases: [string, string | null][] = [
    ["Authorization: Bearer abc123def456", "abc123def456"],
    ['-H "Authorization: Bearer eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl1"', "eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl1"],
    ["{ authorization: 'Bearer tok_9f8e7d6c5b' }", "tok_9f8e7d6c5b"],
    ["paste Bearer oJaf1V9Cc2Dvbcmyexnf93eu1WrkZdkxrVZtzyO6 into Postman", "oJaf1V9Cc2Dvbcmyexnf93eu1WrkZdkxrVZtzyO6"],
    ["paste Bearer abc123def456 into Postman", null],
    ["Authorization: Bearer ${token}", null],
    ["Authorization: Bearer <token>", null],
    ['WWW-Authenticate: Bearer realm="api"', null],
    ["Use a Bearer token in the Authorization header.", null],
  ];
  for (const [text, expected] of cases) {
    const span = findBearer(text, text.indexOf("Bearer"));
    assert.equal(span === null ? null : text.slice(span.start, span.end), expected, text);
  }
});

test("Basic credentials are found only when they decode to user:password", () => {
  const encode = (value: string): string => Buffer.from(value).toString("base64");
  const cases: [string, string | null][] = [
    [`Authorization: Basic ${encode("admin:hunter2")}`, encode("admin:hunter2")],
    [`Basic ${encode("ci:Summer24!x")}`, encode("ci:Summer24!x")],
    [`Basic ${encode("user:<password>")}`, null],
    ["Basic authentication is deprecated", null],
    [`Basic ${encode("no colon here")}`, null],
  ];
  for (const [text, expected] of cases) {
    const span = findBasic(text, text.indexOf("Basic"));
    assert.equal(span === null ? null : text.slice(span.start, span.end), expected, text);
  }
});

test("an Authorization header context is recognised just before a value", () => {
  const cases: [string, boolean][] = [
    ["Authorization: ", true],
    ['"authorization": "', true],
    ["headers.authorization = `", true],
    ["device auth ", false],
    ["Authorization header is ", false],
  ];
  for (const [text, expected] of cases) assert.equal(inAuthorizationHeader(text, text.length), expected, text);
});
