// export, import and purge from the terminal, with real Server processes: a scope exported from one data directory
// (while its Server runs) and imported into another answers `prepare` identically from a Server on the copy; a bad
// file imports nothing; an import killed midway finishes when run again; purge refuses without a terminal unless
// --yes, and names what it removed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { openSqliteStore } from "../src/store/sqlite/index.ts";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "cli-lifecycle";
const QUERY = ["prepare", "--scope", SCOPE, "--json", "which", "package", "manager", "do", "we", "use?"];

async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = { ...process.env };
  for (const name of ["POWERCONTEXT_SERVER_URL", "POWERCONTEXT_SERVER_TOKEN", "POWERCONTEXT_SERVER_DATABASE_URL"]) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, ...args], { env: { ...inherited, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end();
  const [code] = (await once(child, "exit")) as [number];
  return { code, stdout, stderr };
}

describe("the data lifecycle commands", () => {
  const root = mkdtempSync(join(tmpdir(), "pc-cli-lifecycle-"));
  const original = join(root, "original");
  const copy = join(root, "copy");
  const file = join(root, "scope.jsonl");
  let server: ServerProcess;
  let env: Record<string, string>;
  before(async () => {
    server = await startServerProcess(original);
    env = { POWERCONTEXT_CLIENT_SERVER_URL: server.url };
    for (const text of ["We use pnpm instead of npm.", "Deploys happen on Tuesdays only.", "Can you look at this?"]) {
      assert.equal((await cli(["capture", "--scope", SCOPE, text], env)).code, 0);
    }
    assert.equal((await cli(["flush", "--scope", SCOPE], env)).code, 0);
    assert.equal((await cli(["remember", "--scope", SCOPE, "--kind", "decision", "Never push to main."], env)).code, 0);
  });
  after(() => {
    server.child.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  });

  it("exports while the Server runs and imports into a copy that prepares identically", async () => {
    const exported = await cli(["export", "--scope", SCOPE, "--data-dir", original, "--out", file, "--json"]);
    assert.equal(exported.code, 0, exported.stdout);
    assert.deepEqual(JSON.parse(exported.stdout).counts, {
      sources: 3,
      revisions: 2,
      candidates: 1,
      handoffs: 0,
      artifact_candidates: 0,
      artifact_revisions: 0,
    });
    assert.equal(existsSync(`${file}.partial`), false);
    const streamed = await cli(["export", "--scope", SCOPE, "--data-dir", original]);
    assert.equal(streamed.stdout.trim().split("\n").length, readFileSync(file, "utf8").trim().split("\n").length);
    assert.match(streamed.stderr, /Exported scope cli-lifecycle to stdout: 3 Sources/);
    const imported = await cli(["import", file, "--data-dir", copy, "--json"]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(JSON.parse(imported.stdout).created.source, 3);
    const again = await cli(["import", file, "--data-dir", copy]);
    assert.match(again.stdout, /0 Experience\/Skill revisions, 0 Handoff revisions written; 7 already present/);
    const copied = await startServerProcess(copy);
    try {
      const before = await cli(QUERY, env);
      const after = await cli(QUERY, { POWERCONTEXT_CLIENT_SERVER_URL: copied.url });
      assert.match(before.stdout, /pnpm/);
      assert.equal(after.stdout, before.stdout);
    } finally {
      copied.child.kill("SIGKILL");
    }
  });

  it("refuses a bad file with its line and problem, and writes nothing", async () => {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const fresh = join(root, "fresh");
    writeFileSync(
      join(root, "bad.jsonl"),
      [...lines.slice(0, 3), '{"type":"source","position":0}', ...lines.slice(3)].join("\n"),
    );
    const bad = await cli(["import", join(root, "bad.jsonl"), "--data-dir", fresh]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.jsonl line 4: source line: .*Nothing was imported\./);
    writeFileSync(join(root, "cut.jsonl"), lines.slice(0, -1).join("\n"));
    const cut = await cli(["import", join(root, "cut.jsonl"), "--data-dir", fresh]);
    assert.match(cut.stderr, /ends without its end line/);
    assert.equal(existsSync(fresh), false, "no store was even opened");
    const unknown = await cli([
      "export",
      "--scope",
      "no-such-scope",
      "--data-dir",
      original,
      "--out",
      join(root, "x.jsonl"),
    ]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /The scope holds nothing/);
    assert.equal(existsSync(join(root, "x.jsonl")), false);
  });

  it("purges only with --yes when no terminal is attached, and names what it removed", async () => {
    const sourceId = JSON.parse(readFileSync(file, "utf8").split("\n")[2] ?? "{}").source_id as string;
    const refused = await cli(["purge", "source", sourceId, "--scope", SCOPE], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Refusing to purge Source .* without a confirmation: .* pass --yes/);
    const purged = await cli(["purge", "source", sourceId, "--scope", SCOPE, "--yes"], env);
    assert.equal(purged.code, 0, purged.stderr);
    assert.match(
      purged.stdout,
      new RegExp(`^Purged source ${sourceId} of scope ${SCOPE} \\(audit record 1\\): 1 Sources`),
    );
    const gone = await cli(["purge", "source", sourceId, "--scope", SCOPE, "--yes", "--json"], env);
    assert.equal(gone.code, 1);
    assert.equal(JSON.parse(gone.stdout).error.code, "not_found");
    const scope = await cli(["purge", "scope", "--scope", SCOPE, "--yes", "--json"], env);
    assert.equal(JSON.parse(scope.stdout).audit.target, "scope");
    const empty = await cli(["export", "--scope", SCOPE, "--data-dir", original]);
    assert.match(empty.stderr, /The scope holds nothing/);
  });

  it("an import killed midway (kill -9) and run again finishes the job with nothing duplicated", async () => {
    const large = join(root, "large");
    mkdirSync(large);
    const store = await openSqliteStore(join(large, "powercontext.sqlite"));
    const sources = Array.from({ length: 2500 }, (_, i) => ({
      scope_id: "large",
      source_id: `s${i}`,
      content: `Source number ${i}.`,
      metadata: {},
      payload_digest: `d${i}`,
      redaction_count: 0,
      captured_at: "2026-12-01T00:00:00.000Z",
    }));
    await Promise.all(sources.map((source) => store.captureSource(source)));
    await store.close();
    const dump = join(root, "large.jsonl");
    assert.equal((await cli(["export", "--scope", "large", "--data-dir", large, "--out", dump])).code, 0);
    const target = join(root, "large-copy");
    const child = spawn(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, "import", dump, "--data-dir", target]);
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("import: line ")) resolve();
      });
    });
    child.kill("SIGKILL");
    await once(child, "exit");
    const resumed = await cli(["import", dump, "--data-dir", target, "--json"]);
    assert.equal(resumed.code, 0, resumed.stdout);
    const summary = JSON.parse(resumed.stdout);
    assert.ok(summary.existing.source >= 999, `the first run had imported ${summary.existing.source}`);
    assert.ok(summary.created.source > 0, "the first run was stopped before the end");
    assert.equal(summary.created.source + summary.existing.source, 2500);
    const copyDump = join(root, "large-copy.jsonl");
    assert.equal((await cli(["export", "--scope", "large", "--data-dir", target, "--out", copyDump])).code, 0);
    const withoutHeader = (path: string) => readFileSync(path, "utf8").split("\n").slice(1);
    assert.deepEqual(withoutHeader(copyDump), withoutHeader(dump));
  });
});
