import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { PowerContextError } from "../../errors.ts";
import { makeSource } from "../contract/builders.ts";
import { wrapDriverError } from "./driver-errors.ts";
import { openSqliteStore } from "./index.ts";

const PATH = "/data/powercontext.sqlite";

function driverError(errcode: number, errstr: string): Error {
  return Object.assign(new Error(errstr), { code: "ERR_SQLITE_ERROR", errcode, errstr });
}

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), "pc-sqlite-errors-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test("driver errors become ours with a message that names the database file", () => {
  const cases: Array<[Error, string, RegExp]> = [
    [
      driverError(5, "database is locked"),
      "runtime_not_ready",
      /^The SQLite database \/data\/powercontext\.sqlite is locked: database is locked\.$/,
    ],
    [driverError(262, "database table is locked"), "runtime_not_ready", /is locked: database table is locked/],
    [
      driverError(14, "unable to open database file"),
      "internal_error",
      /\/data\/powercontext\.sqlite cannot be opened for writing: unable to open database file \(check that its directory exists/,
    ],
    [
      driverError(8, "attempt to write a readonly database"),
      "internal_error",
      /cannot be opened for writing: attempt to write a readonly database/,
    ],
    [
      driverError(26, "file is not a database"),
      "internal_error",
      /^The SQLite database \/data\/powercontext\.sqlite failed: file is not a database\.$/,
    ],
    [
      new TypeError("not a driver error"),
      "internal_error",
      /^The SQLite store at \/data\/powercontext\.sqlite failed\.$/,
    ],
  ];
  for (const [error, code, message] of cases) {
    const wrapped = wrapDriverError(error, PATH);
    assert.equal(wrapped.code, code, error.message);
    assert.match(wrapped.message, message);
    assert.equal(wrapped.cause, error);
  }
});

test("our own errors pass through unchanged", () => {
  const ours = new PowerContextError("schema_too_new", "newer");
  assert.equal(wrapDriverError(ours, PATH), ours);
});

test("opening a database in a directory that does not exist names the file it tried to open", async (t) => {
  const path = join(tempDir(t), "missing", "powercontext.sqlite");
  await assert.rejects(openSqliteStore(path), (error: unknown) => {
    assert.ok(error instanceof PowerContextError);
    assert.equal(error.code, "internal_error");
    assert.ok(error.message.includes(path), error.message);
    return true;
  });
});

test("opening a file that is not a database names the file", async (t) => {
  const path = join(tempDir(t), "powercontext.sqlite");
  writeFileSync(path, "this is not a database, ".repeat(200));
  await assert.rejects(openSqliteStore(path), (error: unknown) => {
    assert.ok(error instanceof PowerContextError);
    assert.match(error.message, /failed: file is not a database\.$/);
    assert.ok(error.message.includes(path), error.message);
    return true;
  });
});

test("a database another connection keeps locked answers runtime_not_ready and names the file", async (t) => {
  const path = join(tempDir(t), "powercontext.sqlite");
  const store = await openSqliteStore(path, { busyTimeoutMs: 0 });
  t.after(() => store.close());
  const other = new DatabaseSync(path);
  other.exec("BEGIN IMMEDIATE");
  t.after(() => other.close());
  await assert.rejects(store.captureSource(makeSource()), (error: unknown) => {
    assert.ok(error instanceof PowerContextError);
    assert.equal(error.code, "runtime_not_ready");
    assert.ok(error.message.includes(path), error.message);
    return true;
  });
  other.exec("ROLLBACK");
});
