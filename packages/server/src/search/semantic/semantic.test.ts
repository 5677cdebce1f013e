import assert from "node:assert/strict";
import { test } from "node:test";
import { conceptOverlap, conceptsOf, RELATED_SHARE, triggerKeys } from "./concepts.ts";
import { decodeSignature, encodeSignature } from "./entry-signature.ts";
import { embeddingWords, knownRows } from "./embedding-words.ts";

test("a question in everyday words and a fact naming the tool share the tool's concept", () => {
  const asked = conceptsOf("Which package manager should I install dependencies with?");
  const held = conceptsOf("We use pnpm, never npm or yarn.");
  assert.ok(asked.length > 0 && held.length > 0);
  assert.equal(conceptOverlap(asked, held), 1);
  assert.equal(conceptOverlap(asked, conceptsOf("The dashboard turns red at noon.")), 0);
  assert.equal(conceptOverlap([], held), 0);
});

test("phrases are found across identifier and case forms", () => {
  assert.deepEqual(conceptsOf("Ask whoever is on call"), conceptsOf("ask the on-call person"));
  assert.ok(conceptsOf("GitHub Actions runs CI").length > 0);
});

test("an entry signature survives storage, and bytes of another layout are refused", () => {
  const signature = {
    mean: Int8Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? i : -i)),
    words: Uint32Array.from([1, 70_000, 123_456]),
    concepts: Uint16Array.from([0, 5, 61]),
  };
  const decoded = decodeSignature(encodeSignature(signature), 100);
  assert.deepEqual(decoded, signature);
  assert.equal(decodeSignature(new Uint8Array(100), 100), null);
  assert.equal(decodeSignature(encodeSignature(signature).subarray(0, 110), 100), null);
});

test("words are cut at identifiers and case changes, and the longest known phrase wins", () => {
  assert.deepEqual(embeddingWords("getUserName on-call next.js"), ["get", "user", "name", "on-call", "next.js"]);
  const rowOf = new Map([
    ["on call", 0],
    ["call", 1],
    ["github", 2],
  ]);
  assert.deepEqual(knownRows(["on", "call", "github.com"], rowOf), [0, 2]);
});

test("a CamelCase tool name names its concept as its lowercase spelling does", () => {
  assert.ok(conceptsOf("managed in launchdarkly").length > 0);
  assert.deepEqual(conceptsOf("managed in LaunchDarkly"), conceptsOf("managed in launchdarkly"));
  assert.deepEqual(conceptsOf("page them in PagerDuty"), conceptsOf("page them in pagerduty"));
});

test("a phrase ending in a doer noun also names its concept with the noun's verb, a lone verb never", () => {
  assert.deepEqual(triggerKeys("code formatter"), ["code formatt", "code format"]);
  assert.deepEqual(triggerKeys("bug tracker"), ["bug tracker", "bug track"]);
  assert.deepEqual(triggerKeys("formatter"), ["formatt", "formatter"]);
  assert.deepEqual(triggerKeys("pnpm add"), ["pnpm add"]);
  const formatter = conceptsOf("which code formatter do we use?");
  assert.ok(formatter.length > 0);
  assert.deepEqual(conceptOverlap(formatter, conceptsOf("all code formatted on save")), 1);
  assert.deepEqual(conceptsOf("I format my essays before I print them"), []);
});

test("an entry naming a related concept of the asked one earns part of its credit, never all of it", () => {
  const asked = conceptsOf("Where am I supposed to store the API tokens?");
  const secretsManager = conceptsOf("All repo credentials are managed by Doppler.");
  const tokens = conceptsOf("Rotate the API token every quarter.");
  const unrelated = conceptsOf("We use pnpm, never yarn.");
  const viaRelation = conceptOverlap(asked, secretsManager);
  assert.ok(viaRelation > 0, "the secrets manager answers a question about tokens");
  assert.ok(viaRelation <= RELATED_SHARE && viaRelation < conceptOverlap(asked, tokens));
  assert.equal(conceptOverlap(asked, unrelated), 0);
});
