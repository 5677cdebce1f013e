import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sha256Hex } from "./digest.ts";
import { isReadOnly, writeEvidence } from "./evidence.ts";
import { openFileFoldStore } from "./fold-store.ts";

test("an oversized tool result is written once, mode 0444, and the per-session cap is enforced", () => {
  const dir = join(mkdtempSync(join(tmpdir(), "fold-ev-")), "evidence");
  const ledger = { usedBytes: 0 };
  assert.deepEqual(writeEvidence(dir, "small", ledger, { minChars: 10 }), { status: "small" });
  const text = "x".repeat(100);
  const written = writeEvidence(dir, text, ledger, { minChars: 10, cap: 150 });
  assert.equal(written.status, "written");
  if (written.status !== "written") return;
  assert.equal(readFileSync(written.path, "utf8"), text);
  assert.equal(isReadOnly(written.path), true);
  assert.equal(written.sha256, sha256Hex(text));
  assert.equal(writeEvidence(dir, text, ledger, { minChars: 10, cap: 150 }).status, "exists");
  assert.equal(writeEvidence(dir, "y".repeat(100), ledger, { minChars: 10, cap: 150 }).status, "capped");
});

test("the file fold store returns exactly what was put, addressed by SHA-256, read-only", () => {
  const dir = join(mkdtempSync(join(tmpdir(), "fold-store-")), "store");
  const store = openFileFoldStore(dir);
  const sha = store.put('[{"role":"user"}]');
  assert.equal(store.get(sha), '[{"role":"user"}]');
  assert.equal(isReadOnly(join(dir, `${sha}.json`)), true);
  assert.equal(store.get("../../etc/passwd"), null);
});
