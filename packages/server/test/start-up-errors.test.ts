// A Server that cannot start says what and where: a wrong PostgreSQL database or role names host, port, database and
// role (never the password); a data directory it cannot use names its path. Exit code 2 (configuration).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { BIN_NODE_FLAGS, BIN_PATH } from "../src/testing/server-process.ts";
import { requirePostgres } from "../src/testing/postgres.ts";

const exec = promisify(execFile);

async function serverRun(env: Record<string, string>, args: string[] = []) {
  try {
    await exec(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, "server", "run", "--port", "0", "--json", ...args], {
      env: { ...process.env, POWERCONTEXT_SERVER_LOG_LEVEL: "silent", ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout: "" };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

test("a wrong PostgreSQL database or role names host, database and role, never the password", async () => {
  await requirePostgres();
  const database = await serverRun({
    POWERCONTEXT_SERVER_DATABASE_URL: "postgres://postgres:hunter2pw@127.0.0.1:5432/no_such_database_pc",
  });
  assert.equal(database.code, 2);
  const { message } = JSON.parse(database.stdout).error as { message: string };
  assert.match(message, /PostgreSQL at 127\.0\.0\.1:5432\/no_such_database_pc refused the connection as role postgres/);
  assert.match(message, /database "no_such_database_pc" does not exist \(SQLSTATE 3D000\)/);
  const role = await serverRun({
    POWERCONTEXT_SERVER_DATABASE_URL: "postgres://no_such_role_pc:hunter2pw@127.0.0.1:5432/test",
  });
  assert.equal(role.code, 2);
  assert.match(role.stdout, /as role no_such_role_pc: role \\"no_such_role_pc\\" does not exist \(SQLSTATE 28000\)/);
  assert.doesNotMatch(database.stdout + role.stdout, /hunter2pw/);
});

test("a data directory that cannot be created names its path and what to do", async (t) => {
  const parent = mkdtempSync(join(tmpdir(), "pc-start-up-"));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  writeFileSync(join(parent, "a-file"), "");
  const dataDir = join(parent, "a-file", "data");
  const run = await serverRun({}, ["--data-dir", dataDir]);
  assert.equal(run.code, 2);
  const { message } = JSON.parse(run.stdout).error as { message: string };
  assert.ok(message.startsWith(`The data directory ${dataDir} cannot be used: ENOTDIR`), message);
  assert.match(message, /choose another with --data-dir or POWERCONTEXT_HOME/);
});
