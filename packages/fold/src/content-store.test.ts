import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openContentAddressedStore } from "./content-store.ts";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS, isReadOnly, writeEvidence } from "./evidence.ts";
import { openEvidenceBackedStore } from "./evidence-store.ts";
import { generateTranscript, toolResult, user } from "./testing/transcript.ts";

function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (total, entry) =>
      total + (entry.isDirectory() ? bytesUnder(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
    0,
  );
}

// Tool results of about 2,000 characters (a file read): an innermost record costs 67 bytes per leaf, so the bound
// is about the leaves' bytes, not the records'.
const messages = generateTranscript({ seed: 9, stages: 12, resultChars: 2_000 }).map((item) => item.message);
const users = messages.flatMap((message, index) => (message.role === "user" ? [index] : []));
/** The sources of nested consolidation: each turn, folds of four turns, then one fold of all twelve. */
const turns = users.map((start, n) => canonicalBytes(messages.slice(start, users[n + 1] ?? messages.length)));
const quarters = [0, 4, 8].map((n) => canonicalBytes(messages.slice(users[n], users[n + 4] ?? messages.length)));
const whole = canonicalBytes(messages);

test("nested folds keep each leaf once: the store stays within 1.2× the session's bytes and reads back exactly", () => {
  const root = mkdtempSync(join(tmpdir(), "fold-cas-"));
  const store = openContentAddressedStore(join(root, "store"), join(root, "evidence"));
  for (const source of [...turns, ...quarters, whole]) assert.equal(store.put(source), sha256Hex(source));
  const stored = bytesUnder(join(root, "store"));
  assert.ok(stored <= 1.2 * whole.length, `stored ${stored} bytes for a ${whole.length}-byte session`);
  for (const source of [...turns, ...quarters, whole]) assert.equal(store.get(sha256Hex(source)), source);
  assert.equal(store.put(whole), sha256Hex(whole), "idempotent");
  assert.equal(bytesUnder(join(root, "store")), stored, "a second put writes nothing");
  const former = mkdtempSync(join(tmpdir(), "fold-v1-"));
  const v1 = openEvidenceBackedStore(former, join(root, "evidence"));
  for (const source of [...turns, ...quarters, whole]) v1.put(source);
  assert.ok(bytesUnder(former) > 2.5 * whole.length, "the former layout stored the leaves once per depth");
  for (const name of readdirSync(join(root, "store", "leaves")))
    assert.equal(isReadOnly(join(root, "store", "leaves", name)), true);
});

test("a changed leaf is never served: the fold reads as no copy", () => {
  const root = mkdtempSync(join(tmpdir(), "fold-cas-"));
  const store = openContentAddressedStore(join(root, "store"), join(root, "evidence"));
  const sha = store.put(quarters[0] as string);
  const leaf = join(root, "store", "leaves", readdirSync(join(root, "store", "leaves"))[0] as string);
  chmodSync(leaf, 0o644);
  writeFileSync(leaf, `${readFileSync(leaf, "utf8")} `);
  assert.equal(store.get(sha), null);
});

test("a large part with an evidence file is kept as a reference to it, restored and verified on read", () => {
  const root = mkdtempSync(join(tmpdir(), "fold-cas-"));
  const evidence = join(root, "evidence");
  const big = `FILE big\n${"a line of an oversized tool result\n".repeat(Math.ceil(EVIDENCE_MIN_CHARS / 30))}`;
  assert.equal(writeEvidence(evidence, big, { usedBytes: 0 }).status, "written");
  const source = canonicalBytes([user("read it", 1), toolResult("c1", "read", big, 2)]);
  const store = openContentAddressedStore(join(root, "store"), evidence);
  const sha = store.put(source);
  assert.ok(bytesUnder(join(root, "store")) < big.length / 4, "the read's bytes are not repeated");
  assert.equal(store.get(sha), source);
  const file = join(evidence, `${sha256Hex(big)}.txt`);
  chmodSync(file, 0o644);
  writeFileSync(file, `${big}tampered`);
  assert.equal(store.get(sha), null, "altered evidence is not restored");
});

test("opening a store of the former layout migrates every source that verifies and keeps the others readable", () => {
  const root = mkdtempSync(join(tmpdir(), "fold-migrate-"));
  const dir = join(root, "store");
  const v1 = openEvidenceBackedStore(dir, join(root, "evidence"));
  const shas = [...turns.slice(0, 3), whole].map((source) => v1.put(source));
  const broken = v1.put(turns[3] as string);
  const brokenPath = join(dir, `${broken}.json`);
  chmodSync(brokenPath, 0o644);
  writeFileSync(brokenPath, "[]");
  const store = openContentAddressedStore(dir, join(root, "evidence"));
  const names = readdirSync(dir).sort();
  assert.deepEqual(names, [...shas.map((sha) => `${sha}.fold.json`), `${broken}.json`, "leaves"].sort());
  for (const [index, source] of [...turns.slice(0, 3), whole].entries())
    assert.equal(store.get(shas[index] as string), source);
  assert.equal(store.get(broken), "[]", "the unverifiable former file stays as it was (the caller refuses it)");
  const again = openContentAddressedStore(dir, join(root, "evidence"));
  assert.deepEqual(readdirSync(dir).sort(), names, "a second open changes nothing");
  assert.equal(again.get(shas[3] as string), whole);
});
