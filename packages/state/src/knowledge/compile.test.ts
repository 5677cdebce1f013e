import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { StateError } from "../errors.ts";
import { applyTransition, parseTransition } from "../patch.ts";
import { viewKeys } from "../scopes.ts";
import { openStateStore } from "../state-file.ts";
import { emptyState } from "../state.ts";
import { COMPILER_REVISION, PROVENANCE_KEY } from "./evidence.ts";
import { compileArtifacts } from "./compile.ts";
import { selectArtifactsByTags } from "./tags.ts";

const NOW = new Date("2026-12-02T12:00:00.000Z");
const HASH = "c".repeat(64);
const SKILL = "/p/.pi/skills/deploy/SKILL.md";
const COMPILATION = { applicability: "deploys", constraints: "release branch only", failure_conditions: "red CI" };

function basis() {
  return { global: emptyState(), cwd: emptyState(), session: emptyState() };
}

function rejection(run: () => unknown): { reason: unknown; path: unknown } {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof StateError);
    assert.equal(error.code, "invalid_patch");
    return { reason: error.details?.reason, path: error.details?.path };
  }
  assert.fail("expected a rejection");
}

test("model patches that author freshness evidence are refused, deletion markers included; other edits pass", () => {
  for (const field of [
    "hash",
    "compiler",
    "compiled_at",
    "sourceHash",
    "compilerRevision",
    "compiledAt",
    "source_hash_verified",
  ])
    for (const value of ["x", null])
      assert.deepEqual(
        rejection(() =>
          parseTransition({ global: { artifacts: { "/k/a.md": { description: "a", [field]: value } } } }),
        ),
        { reason: "runtime_owned_field", path: `global.artifacts./k/a.md.${field}` },
      );
  assert.deepEqual(
    rejection(() => parseTransition({ cwd: { working: { [PROVENANCE_KEY]: {} } } })),
    {
      reason: "runtime_owned_field",
      path: `cwd.working.${PROVENANCE_KEY}`,
    },
  );
  const legacy = { ...emptyState(), artifacts: { "/k/a.md": { description: "a", sourceHash: "legacy" } } };
  const edit = parseTransition({ global: { artifacts: { "/k/a.md": { description: "b" } } } });
  assert.deepEqual(applyTransition({ global: legacy }, edit).global?.artifacts, {
    "/k/a.md": { description: "b", sourceHash: "legacy" },
  });
  const removal = parseTransition({ global: { artifacts: { "/k/a.md": null } } });
  assert.deepEqual(applyTransition({ global: legacy }, removal).global?.artifacts, {});
});

test("compiler output of a read source carries the runtime's evidence; without a read, none", () => {
  const reads = new Map([["/k/a.md", HASH]]);
  const request = parseTransition({
    global: { artifacts: { "/k/a.md": { description: "a" }, "/k/unread.md": { description: "u" } } },
  });
  const compiled = compileArtifacts(basis(), request, reads, NOW);
  assert.deepEqual(compiled.patches.global?.working, {
    [PROVENANCE_KEY]: {
      "/k/a.md": { sourceHash: HASH, compilerRevision: COMPILER_REVISION, compiledAt: NOW.toISOString() },
    },
  });
  const other = parseTransition({ cwd: { contract: { x: 1 } } });
  assert.deepEqual(compileArtifacts(basis(), other, reads, NOW), other, "a read alone records nothing");
});

test("deleting a compiled artifact drops its evidence in the same transition", () => {
  const held = basis();
  held.global = {
    ...emptyState(),
    artifacts: { "/k/a.md": { description: "a" } },
    working: { [PROVENANCE_KEY]: { "/k/a.md": { sourceHash: HASH } } },
  };
  const compiled = compileArtifacts(
    held,
    parseTransition({ global: { artifacts: { "/k/a.md": null } } }),
    new Map(),
    NOW,
  );
  assert.deepEqual(compiled.patches.global, {
    artifacts: { "/k/a.md": null },
    working: { [PROVENANCE_KEY]: { "/k/a.md": null } },
  });
});

test("Skills are cwd artifacts with a complete compilation and no copy of their text", () => {
  const compile = (args: unknown, held = basis()) => compileArtifacts(held, parseTransition(args), new Map(), NOW);
  const skill = { kind: "skill", description: "deploy", compilation: COMPILATION };
  assert.deepEqual(
    rejection(() => compile({ global: { artifacts: { [SKILL]: skill } } })),
    {
      reason: "skill_not_cwd",
      path: `global.artifacts.${SKILL}`,
    },
  );
  assert.deepEqual(
    rejection(() => compile({ cwd: { artifacts: { [SKILL]: { ...skill, compilation: { applicability: "x" } } } } })),
    { reason: "skill_compilation", path: `cwd.artifacts.${SKILL}.compilation` },
  );
  assert.deepEqual(
    rejection(() =>
      compile({ cwd: { artifacts: { [SKILL]: { ...skill, compilation: { ...COMPILATION, constraints: " " } } } } }),
    ),
    { reason: "skill_compilation", path: `cwd.artifacts.${SKILL}.compilation` },
  );
  assert.deepEqual(
    rejection(() => compile({ cwd: { artifacts: { [SKILL]: { ...skill, body: "# Deploy…" } } } })),
    {
      reason: "skill_body",
      path: `cwd.artifacts.${SKILL}.body`,
    },
  );
  assert.ok(compile({ cwd: { artifacts: { [SKILL]: skill } } }).patches.cwd);
  // The check applies to the entry as merged: turning an existing note into a skill needs the full compilation.
  const held = basis();
  held.cwd = { ...emptyState(), artifacts: { [SKILL]: { description: "deploy" } } };
  assert.deepEqual(
    rejection(() => compile({ cwd: { artifacts: { [SKILL]: { kind: "skill" } } } }, held)),
    {
      reason: "skill_compilation",
      path: `cwd.artifacts.${SKILL}.compilation`,
    },
  );
});

test("compiler output and its evidence commit as one transition of the store", async () => {
  const store = openStateStore({ root: mkdtempSync(join(tmpdir(), "pc-knowledge-store-")) });
  const keys = viewKeys("/p", "session-1");
  const view = await store.readView(keys);
  const states = { global: view.global.current, cwd: view.cwd.current, session: view.session.current };
  const request = compileArtifacts(
    states,
    parseTransition({ global: { artifacts: { "/k/a.md": { description: "a" } } } }),
    new Map([["/k/a.md", HASH]]),
    NOW,
  );
  const result = await store.publish(keys, view, request);
  assert.equal(result.status, "committed");
  const head = (await store.readView(keys)).global.head;
  assert.equal(head?.tail.length, 1, "one tail record holds both");
  assert.deepEqual(Object.keys(head?.tail[0]?.patch ?? {}).sort(), ["artifacts", "working"]);
});

test("artifact tags are unique trimmed non-empty strings", () => {
  const compile = (tags: unknown) =>
    compileArtifacts(
      basis(),
      parseTransition({ global: { artifacts: { "/k/a.md": { description: "a", tags } } } }),
      new Map(),
      NOW,
    );
  for (const tags of ["deploy", ["deploy", "deploy"], [" deploy"], [""], [3]])
    assert.deepEqual(
      rejection(() => compile(tags)),
      { reason: "invalid_tags", path: "global.artifacts./k/a.md.tags" },
    );
  assert.ok(compile(["deploy", "ci"]).patches.global);
});

test("tags select candidates deterministically: all of one list, any of the other", () => {
  const artifacts = {
    "/k/b.md": { description: "b", tags: ["deploy", "ci"] },
    "/k/a.md": { description: "a", tags: ["deploy"] },
    "/k/c.md": { description: "c" },
    "/k/d.md": { description: "d", tags: ["deploy", "deploy"] },
  };
  assert.deepEqual(selectArtifactsByTags(artifacts, { all: ["deploy"] }), ["/k/a.md", "/k/b.md"]);
  assert.deepEqual(selectArtifactsByTags(artifacts, { all: ["deploy"], any: ["ci", "x"] }), ["/k/b.md"]);
  assert.deepEqual(selectArtifactsByTags(artifacts, { any: [] }), [], "an empty any-list matches nothing");
  assert.deepEqual(selectArtifactsByTags(artifacts, {}), ["/k/a.md", "/k/b.md", "/k/c.md", "/k/d.md"]);
});
