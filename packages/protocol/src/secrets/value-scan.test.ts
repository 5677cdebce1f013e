import assert from "node:assert/strict";
import { test } from "node:test";
import { findSecretInValue, redactSecretsInValue } from "./value-scan.ts";

/** A value nested `depth` levels deep, alternating objects and arrays, with `leaf` at the bottom. */
function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

test("a value nested 200,000 levels deep is scanned whole, without running out of stack", () => {
  const password = ["hunter", "2", "!x"].join("");
  assert.equal(findSecretInValue(nest(200_000, { password }))?.family, "credential-assignment");
  assert.equal(findSecretInValue(nest(200_000, "nothing to see")), null);
});

test("a secret in a key, in a later sibling or under a credential key is found at any position", () => {
  const deep = nest(70, "x");
  assert.equal(
    findSecretInValue([deep, { note: "ok" }, { db: { pwd: "Tr0ub4dor&3" } }])?.family,
    "credential-assignment",
  );
  assert.equal(findSecretInValue({ list: [1, 2, null, true], nested: { again: [deep] } }), null);
});

test("redaction of a value replaces what the scan finds, at any depth, keys and credential-named values included", () => {
  const password = ["hunter", "2", "!x"].join("");
  const token = ["ghp", "_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");
  const input = { a: nest(100_000, { password, note: `use ${token} here`, [token]: 1 }), plain: "pnpm", n: 3 };
  const { value, redactions } = redactSecretsInValue(input);
  assert.equal(redactions, 3);
  // JSON.stringify itself recurses, so the copy is checked with the (iterative) scan, and a shallow one as text.
  assert.equal(findSecretInValue(value), null);
  const shallow = JSON.stringify(redactSecretsInValue({ a: nest(50, { password, note: token }) }).value);
  assert.ok(!shallow.includes(password) && !shallow.includes(token) && shallow.includes("[REDACTED:github-token]"));
  assert.equal(
    JSON.stringify(redactSecretsInValue({ plain: "pnpm", n: [1, null, true] }).value),
    '{"plain":"pnpm","n":[1,null,true]}',
  );
});
