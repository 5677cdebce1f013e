import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { MAX_FIELD_CHARS, openDiagnosticLog } from "./diagnostic-log.ts";

const AT = () => new Date("2026-12-02T10:00:00.000Z");

test("off, the record writes nothing; on, one JSON line per record with secrets redacted and long values cut", () => {
  const dir = mkdtempSync(join(tmpdir(), "pc-state-diag-"));
  const file = join(dir, "logs", "state.diagnostics.jsonl");
  openDiagnosticLog(null, AT).record("patch_rejected", { code: "invalid_patch" });
  assert.equal(existsSync(file), false);
  const log = openDiagnosticLog(file, AT);
  log.record("patch_rejected", {
    code: "invalid_patch",
    patch: { cwd: { working: { token: "ghp_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ" } } },
    skipped: undefined,
  });
  log.record("draft_preserved", { draft: "x".repeat(MAX_FIELD_CHARS + 10) });
  const lines = readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.equal(lines.length, 2);
  assert.deepEqual(Object.keys(lines[0]), ["at", "kind", "code", "patch"]);
  assert.equal(lines[0].at, "2026-12-02T10:00:00.000Z");
  assert.doesNotMatch(JSON.stringify(lines[0]), /ghp_a1B2c3/);
  assert.equal(lines[1].kind, "draft_preserved");
  assert.equal(lines[1].draft.chars, MAX_FIELD_CHARS + 12);
  assert.equal(lines[1].draft.truncated.length, MAX_FIELD_CHARS);
});

test("a record that cannot be written is dropped without throwing", () => {
  const dir = mkdtempSync(join(tmpdir(), "pc-state-diag-"));
  writeFileSync(join(dir, "not-a-directory"), "");
  const log = openDiagnosticLog(join(dir, "not-a-directory", "d.jsonl"), AT);
  assert.doesNotThrow(() => log.record("patch_rejected", { code: "invalid_patch" }));
});
