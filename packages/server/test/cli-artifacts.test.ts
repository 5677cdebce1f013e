// `powercontext experience …`, `skill …` and `skills …` against a real Server process whose Skill root is a temporary
// directory: propose, approve, get, generate, list and reject an Experience; generate a Skill from it; scan, list and
// import an external Skill. Each with --json, and in words.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "cli-artifacts";

async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, ...args], {
    env: { ...process.env, POWERCONTEXT_SERVER_URL: "", POWERCONTEXT_SERVER_TOKEN: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end();
  const [code] = (await once(child, "exit")) as [number];
  return { code, stdout, stderr };
}

async function json(args: string[], env: Record<string, string>) {
  const result = await cli([...args, "--scope", SCOPE, "--json"], env);
  assert.equal(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

describe("the experience, skill and skills commands", () => {
  let server: ServerProcess;
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-cli-artifacts-"));
    const root = join(dataDir, "skills");
    mkdirSync(join(root, "pin-tools"), { recursive: true });
    writeFileSync(
      join(root, "pin-tools", "SKILL.md"),
      "---\nname: pin-tools\ndescription: Pin schema tooling on CI.\n---\nPin the migration tool.\n",
    );
    server = await startServerProcess(join(dataDir, "data"), { POWERCONTEXT_SERVER_SKILL_ROOTS: root });
    env = { POWERCONTEXT_CLIENT_SERVER_URL: server.url };
  });
  after(() => {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("propose, approve, get, generate, list and reject Experiences; generate a Skill", async () => {
    const captured = await json(["capture", "Billing migrations failed on CI until we pinned the tool."], env);
    const sourceId = captured.source.source_id;
    const proposed = await json(
      [
        "experience",
        "propose",
        "--source",
        sourceId,
        "--situation",
        "Migrations failed on CI.",
        "--action",
        "Pinned the tool.",
      ].concat(["--outcome", "CI passed.", "--lesson", "Pin schema tooling in CI."]),
      env,
    );
    assert.equal(proposed.status, "pending");
    const approved = await json(["experience", "approve", proposed.candidate_id], env);
    const ref = approved.result_artifact;
    assert.equal(ref.revision, 1);
    const got = await cli(["experience", "get", ref.artifact_id, "--revision", "1", "--scope", SCOPE], env);
    assert.match(got.stdout, /^experience\/exp_[0-9a-f]{32}@1\nsituation: Migrations failed on CI\./);
    const generated = await json(["experience", "generate", "--source", sourceId], env);
    assert.equal(generated.status, "pending");
    const listed = await cli(["experience", "list", "--scope", SCOPE], env);
    assert.match(listed.stdout, new RegExp(`${generated.candidate.candidate_id}  v1  pending  experience`));
    const rejected = await cli(
      ["experience", "reject", generated.candidate.candidate_id, "--scope", SCOPE, "--reason", "Duplicate."],
      env,
    );
    assert.match(rejected.stdout, /rejected {2}experience .*\(Duplicate\.\)/);
    const skill = await json(["skill", "generate", "--artifact", `experience/${ref.artifact_id}@1`], env);
    assert.equal(skill.candidate.proposal.name, "Pin schema tooling in CI");
    const badRef = await cli(["skill", "generate", "--scope", SCOPE, "--artifact", "experience-1"], env);
    assert.equal(badRef.code, 2);
  });

  it("scan, list and import external Skills", async () => {
    const scanned = await json(["skills", "scan"], env);
    assert.equal(scanned.registrations.length, 1);
    const id = scanned.registrations[0].external_skill_id;
    const listed = await cli(["skills", "list", "--scope", SCOPE], env);
    assert.match(listed.stdout, new RegExp(`^${id}  available  pin-tools`));
    const imported = await json(["skills", "import", id], env);
    assert.equal(imported.candidate.proposal.instructions, "Pin the migration tool.");
    const again = await cli(["skills", "import", id, "--scope", SCOPE], env);
    assert.match(again.stdout, /Nothing new/);
  });
});
