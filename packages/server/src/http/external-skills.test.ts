// External Skills over HTTP on real folders in a temporary directory: a scan registers the Skill folders under the
// configured root and refuses (counting them as skipped) a symlink that escapes the root, a folder holding a file
// that links out, an oversized SKILL.md and one without front matter; list and resolve are exact against the files
// now; import captures the snapshot as a Source and proposes a pending Skill, once per snapshot and mode.
import assert from "node:assert/strict";
import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { MAX_SKILL_MD_BYTES } from "../external-skills/skill-folders.ts";
import { buildTestApp } from "../testing/test-app.ts";
import { upstreamChecker } from "../testing/upstream-schema.ts";

const SCOPE = "git:github.com/acme/billing";
const upstream = upstreamChecker();

function conforms(schema: string, body: unknown): void {
  if (upstream !== null) assert.equal(upstream(schema, body), null, `${schema}: ${JSON.stringify(body)}`);
}

const skillMd = (name: string, body = "Run the migration with the pinned tool.") =>
  `---\nname: ${name}\ndescription: >\n  Pin schema tooling\n  when migrations fail on CI.\n---\n\n${body}\n\n## Validation\n\n- CI migrations pass\n- The tool version is pinned\n`;

async function fixture(t: TestContext) {
  const base = await mkdtemp(join(tmpdir(), "pc-skills-"));
  t.after(() => rm(base, { recursive: true, force: true }));
  const root = join(base, "root");
  const outside = join(base, "outside");
  const folder = async (path: string, files: Record<string, string>) => {
    await mkdir(path, { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(join(path, name), text);
  };
  await folder(join(root, "pin-tools"), { "SKILL.md": skillMd("pin-tools"), "run.sh": "echo pin\n" });
  await folder(join(root, "team", "deploy"), { "SKILL.md": skillMd("deploy", "Deploy with care.") });
  await folder(join(root, "huge"), { "SKILL.md": skillMd("huge", "x".repeat(MAX_SKILL_MD_BYTES)) });
  await folder(join(root, "no-front-matter"), { "SKILL.md": "Just text.\n" });
  await mkdir(join(root, "unreadable", "SKILL.md"), { recursive: true });
  await folder(join(outside, "stolen"), { "SKILL.md": skillMd("stolen"), "secret.txt": "outside\n" });
  await symlink(join(outside, "stolen"), join(root, "escape"));
  await folder(join(root, "leaky"), { "SKILL.md": skillMd("leaky") });
  await symlink(join(outside, "stolen", "secret.txt"), join(root, "leaky", "notes.txt"));
  return { root, outside };
}

test("scan registers the Skill folders and counts each refused one as skipped", async (t) => {
  const { root } = await fixture(t);
  const app = await buildTestApp(t, {
    externalSkills: { roots: [{ path: root, scope: "project" }], hostId: "host-1" },
  });
  const capabilities = (await app.app.inject({ method: "GET", url: "/v1/capabilities" })).json();
  assert.equal(capabilities.external_skill_registry, true);
  const scanned = await app.post("/v1/external-skills/scan", { scope_id: SCOPE });
  assert.equal(scanned.status, 200, JSON.stringify(scanned.json));
  conforms("ScanExternalSkillsResponse", scanned.json);
  const names = scanned.json.registrations.map((r: { name: string }) => r.name).sort();
  assert.deepEqual(names, ["deploy", "pin-tools"]);
  // huge (too large), no-front-matter, unreadable (SKILL.md is a directory), escape (a symlink out of the root),
  // leaky (a file linking out).
  assert.equal(scanned.json.skipped, 5);
  const pin = scanned.json.registrations.find((r: { name: string }) => r.name === "pin-tools");
  assert.equal(pin.description, "Pin schema tooling when migrations fail on CI.");
  assert.equal(pin.installation_scope, "project");
  assert.equal(pin.host_id, "host-1");
  assert.match(pin.external_skill_id, /^ext_[0-9a-f]{32}$/);
  assert.match(pin.fingerprint, /^[0-9a-f]{64}$/);
  const rescanned = await app.post("/v1/external-skills/scan", { scope_id: SCOPE });
  assert.deepEqual(rescanned.json, scanned.json, "a rescan of unchanged folders gives the same registrations");
});

test("list and resolve are exact against the folders now; import proposes once per snapshot", async (t) => {
  const { root, outside } = await fixture(t);
  const app = await buildTestApp(t, { externalSkills: { roots: [{ path: root, scope: "user" }], hostId: "host-1" } });
  const { registrations } = (await app.post("/v1/external-skills/scan", { scope_id: SCOPE })).json;
  const pin = registrations.find((r: { name: string }) => r.name === "pin-tools");
  const exact = { scope_id: SCOPE, external_skill_id: pin.external_skill_id, fingerprint: pin.fingerprint };
  const resolved = await app.post("/v1/external-skills/resolve", exact);
  conforms("ExternalSkillResolution", resolved.json);
  assert.deepEqual(resolved.json, {
    registration: pin,
    status: "available",
    entrypoint: join(pin.locator, "SKILL.md"),
  });
  const other = await app.post("/v1/external-skills/resolve", { ...exact, fingerprint: "0".repeat(64) });
  assert.deepEqual([other.json.status, other.json.entrypoint], ["unavailable", null]);
  const unknown = await app.post("/v1/external-skills/resolve", { ...exact, external_skill_id: "ext_nope" });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.error.code, "external_skill_not_found");

  const imported = await app.post("/v1/external-skills/import", { ...exact, mode: "import" });
  assert.equal(imported.status, 200, JSON.stringify(imported.json));
  conforms("GeneratedCandidateResponse", imported.json);
  const { candidate } = imported.json;
  assert.equal(candidate.status, "pending");
  assert.equal(candidate.family, "skill");
  assert.deepEqual(candidate.proposal.validation, ["CI migrations pass", "The tool version is pinned"]);
  assert.match(candidate.proposal.instructions, /^Run the migration with the pinned tool\./);
  assert.equal(candidate.source_refs[0].source_id, `external-skill:import:${pin.external_skill_id}:${pin.fingerprint}`);
  assert.match(candidate.reason, new RegExp(`sha256 ${pin.fingerprint}`));
  const again = await app.post("/v1/external-skills/import", { ...exact, mode: "import" });
  assert.deepEqual(again.json, { status: "no_op", candidate: null });
  const fork = await app.post("/v1/external-skills/import", { ...exact, mode: "fork", reason: "Our variant" });
  assert.equal(fork.json.candidate.proposal.name, "pin-tools (fork)");

  // The folder changes on disk: the registered fingerprint is no longer available, and import refuses it.
  await writeFile(join(root, "pin-tools", "SKILL.md"), skillMd("pin-tools", "Changed."));
  const listed = await app.post("/v1/external-skills/list", { scope_id: SCOPE });
  conforms("ListExternalSkillsResponse", listed.json);
  assert.deepEqual(
    listed.json.skills.map((s: { registration: { name: string } }) => s.registration.name),
    ["deploy"],
  );
  const all = await app.post("/v1/external-skills/list", { scope_id: SCOPE, include_unavailable: true });
  assert.equal(all.json.skills.length, 2);
  const stale = await app.post("/v1/external-skills/import", { ...exact, mode: "fork" });
  assert.equal(stale.status, 409);
  assert.equal(stale.json.error.code, "external_skill_unavailable");

  // A registered folder replaced by a symlink out of the root resolves as unavailable, never through the link.
  const deploy = registrations.find((r: { name: string }) => r.name === "deploy");
  await rm(deploy.locator, { recursive: true });
  await symlink(join(outside, "stolen"), deploy.locator);
  const escaped = await app.post("/v1/external-skills/resolve", {
    scope_id: SCOPE,
    external_skill_id: deploy.external_skill_id,
    fingerprint: deploy.fingerprint,
  });
  assert.equal(escaped.json.status, "unavailable");
});

test("without configured roots the operations answer 422 capability_not_supported; bad requests 422", async (t) => {
  const app = await buildTestApp(t);
  const capabilities = (await app.app.inject({ method: "GET", url: "/v1/capabilities" })).json();
  assert.equal(capabilities.external_skill_registry, false);
  const scan = await app.post("/v1/external-skills/scan", { scope_id: SCOPE });
  assert.equal(scan.status, 422);
  assert.deepEqual(scan.json.error.details, { capability: "external_skill_registry" });
  const cases = [
    ["/v1/external-skills/resolve", { scope_id: SCOPE, external_skill_id: "ext_1", fingerprint: "ABC" }],
    [
      "/v1/external-skills/import",
      { scope_id: SCOPE, external_skill_id: "ext_1", fingerprint: "a".repeat(64), mode: "copy" },
    ],
    ["/v1/external-skills/list", { scope_id: SCOPE, include_unavailable: "yes" }],
    ["/v1/external-skills/scan", { scope_id: SCOPE, roots: ["/"] }],
  ] as const;
  for (const [path, body] of cases) {
    const answer = await app.post(path, body);
    assert.equal(answer.status, 422, path);
    assert.equal(answer.json.error.code, "invalid_request", path);
  }
});
