import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS, isReadOnly, writeEvidence } from "./evidence.ts";
import { openEvidenceBackedStore } from "./evidence-store.ts";
import { verifiedSource } from "./fold.ts";
import { assistantCalls, toolResult, user } from "./testing/transcript.ts";
import type { FoldRecord } from "./types.ts";

function setup() {
  const root = mkdtempSync(join(tmpdir(), "fold-evstore-"));
  const evidenceDir = join(root, "evidence");
  const big = `FILE big\n${"a line of an oversized tool result\n".repeat(Math.ceil(EVIDENCE_MIN_CHARS / 30))}`;
  const written = writeEvidence(evidenceDir, big, { usedBytes: 0 });
  assert.equal(written.status, "written");
  const messages = [
    user("read the big file", 1),
    assistantCalls([{ id: "c1", name: "read", args: { path: "big.txt" } }], 2),
    toolResult("c1", "read", big, 3),
  ];
  const source = canonicalBytes(messages);
  return { root, evidenceDir, big, messages, source, store: openEvidenceBackedStore(join(root, "store"), evidenceDir) };
}

test("a fold source references its evidence file instead of repeating the bytes, and reads back exactly", () => {
  const { root, big, source, store } = setup();
  const sha = store.put(source);
  assert.equal(sha, sha256Hex(source));
  const files = readdirSync(join(root, "store"));
  assert.deepEqual(files, [`${sha}.ref.json`]);
  const path = join(root, "store", files[0] as string);
  assert.ok(
    statSync(path).size < big.length / 4,
    `stored ${statSync(path).size} bytes for a ${big.length}-char result`,
  );
  assert.equal(isReadOnly(path), true);
  assert.equal(store.get(sha), source);
  const fold = { id: "F1", leaves: ["a", "b", "c"], sha256: sha } as FoldRecord;
  assert.equal(verifiedSource(fold, [], store.get(sha)).text, source);
  assert.equal(store.put(source), sha, "idempotent");
});

test("a source without evidence is stored whole; a missing or altered evidence file reads as no copy", () => {
  const { evidenceDir, big, source, store } = setup();
  const small = canonicalBytes([user("hello", 1)]);
  const smallSha = store.put(small);
  assert.equal(store.get(smallSha), small);
  const sha = store.put(source);
  const evidence = join(evidenceDir, `${sha256Hex(big)}.txt`);
  chmodSync(evidence, 0o644);
  writeFileSync(evidence, `${big}tampered`);
  assert.equal(store.get(sha), null, "altered evidence is not restored");
  const fold = { id: "F1", leaves: ["x"], sha256: sha } as FoldRecord;
  assert.throws(() => verifiedSource(fold, [], store.get(sha)), /integrity|no copy/);
});
