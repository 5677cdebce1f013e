import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openContentAddressedStore } from "./content-store.ts";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS, writeEvidence } from "./evidence.ts";
import { openEvidenceBackedStore } from "./evidence-store.ts";
import { openLeafFileStore } from "./leaf-file-store.ts";
import { generateTranscript, toolResult, user } from "./testing/transcript.ts";

/** Bytes under `dir`: apparent (file sizes) and allocated (file system blocks, directories included, as `du`). */
export function storeSize(dir: string): { apparent: number; allocated: number } {
  const total = { apparent: 0, allocated: statSync(dir).blocks * 512 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const inner = entry.isDirectory() ? storeSize(path) : { apparent: statSync(path).size, allocated: 0 };
    total.apparent += inner.apparent;
    total.allocated += entry.isDirectory() ? inner.allocated : statSync(path).blocks * 512;
  }
  return total;
}

// Tool results of about 2,000 characters (a file read) and calls of a few hundred bytes, as in a session.
const items = generateTranscript({ seed: 9, stages: 24, resultChars: 2_000 });
const messages = items.map((item) => item.message);
/** What a session file holds of these messages: one entry line each (fewer bytes than Pi's file, which also keeps
 * the fold state's snapshots), the measure the store is bounded by. */
const sessionBytes = items
  .map((item, index) =>
    JSON.stringify({
      type: "message",
      id: item.id,
      parentId: items[index - 1]?.id ?? null,
      timestamp: new Date(item.message.timestamp ?? 0).toISOString(),
      message: item.message,
    }),
  )
  .join("\n").length;
const users = messages.flatMap((message, index) => (message.role === "user" ? [index] : []));
/** The sources of nested consolidation: each turn, folds of four turns, then one fold of them all. */
const turns = users.map((start, n) => canonicalBytes(messages.slice(start, users[n + 1] ?? messages.length)));
const quarters = [0, 4, 8, 12, 16, 20].map((n) =>
  canonicalBytes(messages.slice(users[n], users[n + 4] ?? messages.length)),
);
const whole = canonicalBytes(messages);
const nested = [...turns, ...quarters, whole];

function tempStore(prefix = "fold-pack-"): { root: string; dir: string; evidence: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return { root, dir: join(root, "store"), evidence: join(root, "evidence") };
}

const packOf = (dir: string): string => join(dir, "0001.pack");

test("nested folds keep each leaf once in one pack: within 1.2× the session's bytes, allocated blocks included", () => {
  const { dir, evidence } = tempStore();
  const store = openContentAddressedStore(dir, evidence);
  for (const source of nested) assert.equal(store.put(source), sha256Hex(source));
  const size = storeSize(dir);
  assert.ok(
    size.allocated <= 1.2 * whole.length,
    `${size.allocated} bytes allocated for a ${whole.length}-byte session`,
  );
  assert.ok(size.apparent <= 1.2 * whole.length);
  assert.deepEqual(readdirSync(dir), ["0001.pack"]);
  for (const source of nested) assert.equal(store.get(sha256Hex(source)), source);
  assert.equal(store.put(whole), sha256Hex(whole), "idempotent");
  assert.equal(storeSize(dir).apparent, size.apparent, "a second put writes nothing");
  const reopened = openContentAddressedStore(dir, evidence);
  for (const source of nested) assert.equal(reopened.get(sha256Hex(source)), source);
  const former = tempStore("fold-leaf-files-");
  const leafFiles = openLeafFileStore(former.dir, former.evidence);
  for (const source of nested) leafFiles.put(source);
  assert.ok(storeSize(former.dir).allocated > 2 * sessionBytes, "one file per leaf took a block per leaf");
});

test("a changed byte in the pack is never served: the fold reads as no copy", () => {
  const { dir, evidence } = tempStore();
  const store = openContentAddressedStore(dir, evidence);
  const sha = store.put(quarters[0] as string);
  const bytes = readFileSync(packOf(dir));
  const at = bytes.indexOf("stage");
  bytes[at] = "S".charCodeAt(0);
  writeFileSync(packOf(dir), bytes);
  assert.equal(store.get(sha), null, "the open store verifies the leaf it reads");
  assert.equal(openContentAddressedStore(dir, evidence).get(sha), null, "a reopened store ignores the record");
});

test("a large part with an evidence file is kept as a reference to it, restored and verified on read", () => {
  const { dir, evidence } = tempStore();
  const big = `FILE big\n${"a line of an oversized tool result\n".repeat(Math.ceil(EVIDENCE_MIN_CHARS / 30))}`;
  assert.equal(writeEvidence(evidence, big, { usedBytes: 0 }).status, "written");
  const source = canonicalBytes([user("read it", 1), toolResult("c1", "read", big, 2)]);
  const store = openContentAddressedStore(dir, evidence);
  const sha = store.put(source);
  assert.ok(storeSize(dir).apparent < big.length / 4, "the read's bytes are not repeated");
  assert.equal(store.get(sha), source);
  assert.equal(openContentAddressedStore(dir, evidence).get(sha), source);
  const file = join(evidence, `${sha256Hex(big)}.txt`);
  chmodSync(file, 0o644);
  writeFileSync(file, `${big}tampered`);
  assert.equal(store.get(sha), null, "altered evidence is not restored");
});

test("opening a store of the first layout migrates every source that verifies and keeps the others readable", () => {
  const { dir, evidence } = tempStore("fold-migrate-");
  const v1 = openEvidenceBackedStore(dir, evidence);
  const shas = [...turns.slice(0, 3), whole].map((source) => v1.put(source));
  const broken = v1.put(turns[3] as string);
  const brokenPath = join(dir, `${broken}.json`);
  chmodSync(brokenPath, 0o644);
  writeFileSync(brokenPath, "[]");
  const store = openContentAddressedStore(dir, evidence);
  const names = readdirSync(dir).sort();
  assert.deepEqual(names, ["0001.pack", `${broken}.json`]);
  for (const [index, source] of [...turns.slice(0, 3), whole].entries())
    assert.equal(store.get(shas[index] as string), source);
  assert.equal(store.get(broken), "[]", "the unverifiable former file stays as it was (the caller refuses it)");
  const again = openContentAddressedStore(dir, evidence);
  assert.deepEqual(readdirSync(dir).sort(), names, "a second open changes nothing");
  assert.equal(again.get(shas[3] as string), whole);
});

test("opening a store of the leaf-file layout migrates it whole into a pack: records and leaves are removed", () => {
  const { dir, evidence } = tempStore("fold-migrate-");
  const v2 = openLeafFileStore(dir, evidence);
  const shas = nested.map((source) => v2.put(source));
  const store = openContentAddressedStore(dir, evidence);
  assert.deepEqual(readdirSync(dir), ["0001.pack"]);
  for (const [index, source] of nested.entries()) assert.equal(store.get(shas[index] as string), source);
  assert.ok(storeSize(dir).allocated <= 1.2 * sessionBytes);
});

test("a store holding both earlier layouts migrates both; a leaf-file fold that does not verify keeps its files", () => {
  const { dir, evidence } = tempStore("fold-migrate-");
  const v1 = openEvidenceBackedStore(dir, evidence);
  const firstLayout = turns.slice(0, 4).map((source) => v1.put(source));
  const v2 = openLeafFileStore(dir, evidence);
  const secondLayout = quarters.map((source) => v2.put(source));
  const leafDir = join(dir, "leaves");
  const victim = join(leafDir, readdirSync(leafDir).find((name) => name.endsWith(".json")) as string);
  chmodSync(victim, 0o644);
  writeFileSync(victim, "{}");
  const store = openContentAddressedStore(dir, evidence);
  for (const [index, source] of turns.slice(0, 4).entries())
    assert.equal(store.get(firstLayout[index] as string), source);
  const kept = readdirSync(dir).filter((name) => name.endsWith(".fold.json"));
  assert.equal(kept.length, 1, "only the fold whose leaf was altered stays in the leaf-file layout");
  assert.ok(readdirSync(dir).includes("leaves"), "its leaves stay while a fold of that layout remains");
  assert.equal(store.get(kept[0]?.slice(0, 64) as string), null, "and it reads as no copy");
  for (const [index, source] of quarters.entries())
    if (`${secondLayout[index]}.fold.json` !== kept[0]) assert.equal(store.get(secondLayout[index] as string), source);
});
