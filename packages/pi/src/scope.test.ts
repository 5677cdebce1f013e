import assert from "node:assert/strict";
import { test } from "node:test";
import { createScopeResolver } from "./scope.ts";

test("resolved scopes are cached per cwd and failed resolutions are evicted", async () => {
  let calls = 0;
  let fail = true;
  const resolver = createScopeResolver(async (cwd) => {
    calls += 1;
    if (fail) throw new Error("boom");
    return `scope:${cwd}`;
  });
  await assert.rejects(resolver.resolve("/a"));
  fail = false;
  assert.equal(await resolver.resolve("/a"), "scope:/a");
  assert.equal(await resolver.resolve("/a"), "scope:/a");
  assert.equal(await resolver.resolve("/b"), "scope:/b");
  assert.equal(calls, 3);
});
