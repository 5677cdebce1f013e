// Bad input to the dashboard's pages and forms: a clear page or refusal, never a 5xx, and no state change.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

test("odd query strings and ids answer a page or a 404, never a 5xx", async (t) => {
  const { app } = await buildTestApp(t);
  const urls = [
    "/ui/scopes/s/memory?q=a&q=b&kind=x&kind=y&state=nope&offset=-5",
    "/ui/scopes/s/memory?offset=99999999999999999999&q=%20%20",
    `/ui/scopes/s/memory?q=${"x".repeat(5000)}`,
    "/ui/scopes/s/review?cursor=a&cursor=b&done=x",
    `/ui/scopes/s/review?cursor=${"z".repeat(500)}`,
    "/ui/scopes/s/timeline?before=abc",
    "/ui/scopes/s/memory/not-an-entry?done=revised",
    "/ui/scopes/%20/memory",
    `/ui/scopes/${"s".repeat(300)}/recall`,
    "/ui/assets/../../package.json",
    "/ui/assets/nope.js",
    "/ui/scopes/s/purge",
    "/ui/scopes/s/purge?target=everything",
    "/ui/scopes/s/purge?target=entry",
    "/ui/scopes/s/purge?target=entry&id=a&id=b",
    `/ui/scopes/s/purge?target=source&id=${"x".repeat(500)}`,
    "/ui/scopes/%20/purge?target=scope",
  ];
  for (const url of urls) {
    const response = await app.inject({ method: "GET", url });
    assert.ok(response.statusCode < 500, `${url}: ${response.statusCode}`);
    assert.ok([200, 404].includes(response.statusCode), `${url}: ${response.statusCode}`);
  }
});

test("a scope id of 256 characters, percent-encoded, still reaches its page (the router's parameter limit)", async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({ method: "GET", url: `/ui/scopes/${"%C3%A9".repeat(256)}/memory` });
  assert.equal(response.statusCode, 200);
});

test("a form post without the session's CSRF token is refused and changes nothing", async (t) => {
  const { app, post } = await buildTestApp(t, { reviewPolicy: { mode: "manual" } });
  const remembered = await post("/v1/memory/remember", { scope_id: "s", kind: "fact", text: "Kept as it is." });
  const entryId = remembered.json.entry.citation.entry_id;
  const page = await app.inject({ method: "GET", url: "/" });
  const cookie = String(page.headers["set-cookie"]).split(";", 1)[0] ?? "";
  for (const payload of ["reason=x", "reason=x&csrf=", `reason=x&csrf=${"0".repeat(64)}`]) {
    const response = await app.inject({
      method: "POST",
      url: `/ui/scopes/s/memory/${entryId}/retire`,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      payload,
    });
    assert.equal(response.statusCode, 403, payload);
  }
  const json = await app.inject({
    method: "POST",
    url: "/ui/scopes/s/review",
    headers: { "content-type": "application/json", cookie },
    payload: "{}",
  });
  assert.equal(json.statusCode, 403);
  const listed = await post("/v1/memory/entries/list", { scope_id: "s" });
  assert.equal(listed.json.entries[0].state, "active");
});
