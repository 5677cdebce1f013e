import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sha256Hex } from "@powercontext/protocol";
import { discoverKnowledge, isSourceName, ownedByRoot, provenAbsent } from "./discover.ts";

/** A knowledge root with sources, non-sources and symlinks; returns its canonical path. */
function knowledgeRoot(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pc-knowledge-")));
  mkdirSync(join(root, "sub", "deep"), { recursive: true });
  mkdirSync(join(root, "elsewhere"));
  writeFileSync(join(root, "a.md"), "# A\nsecret body A\n");
  writeFileSync(join(root, "sub", "deep", "b.md"), "# B\n");
  writeFileSync(join(root, "README.md"), "upper case: not a source\n");
  writeFileSync(join(root, "notes.txt"), "not markdown\n");
  writeFileSync(join(root, "elsewhere", "c.md"), "# C\n");
  symlinkSync(join(root, "a.md"), join(root, "link.md"));
  symlinkSync(join(root, "elsewhere"), join(root, "linked-dir"));
  return root;
}

test("discovery finds regular lowercase .md files recursively, hashes their bytes and refuses symlinks", async () => {
  const root = knowledgeRoot();
  const discovery = await discoverKnowledge(root);
  assert.equal(discovery.status, "available");
  if (discovery.status !== "available") return;
  assert.deepEqual(
    [...discovery.sources],
    [
      [join(root, "a.md"), sha256Hex("# A\nsecret body A\n")],
      [join(root, "elsewhere", "c.md"), sha256Hex("# C\n")],
      [join(root, "sub", "deep", "b.md"), sha256Hex("# B\n")],
    ],
  );
  assert.deepEqual([...discovery.sizes.values()], [18, 4, 4], "byte counts for the rehydration planner");
  assert.deepEqual(discovery.refused, [join(root, "link.md"), join(root, "linked-dir")]);
  assert.deepEqual(["a.md", "b.md", "README.md", "Notes.md", "x.MD", ".md", "a.txt"].map(isSourceName), [
    true,
    true,
    false,
    false,
    false,
    false,
    false,
  ]);
});

test("a missing, symlinked or non-directory root is unavailable, not empty", async () => {
  const root = knowledgeRoot();
  assert.deepEqual(await discoverKnowledge(join(root, "absent")), {
    status: "unavailable",
    root: join(root, "absent"),
    reason: "missing",
  });
  assert.equal((await discoverKnowledge(join(root, "linked-dir"))).status, "unavailable");
  assert.equal(((await discoverKnowledge(join(root, "linked-dir"))) as { reason: string }).reason, "symlink");
  assert.equal(((await discoverKnowledge(join(root, "a.md"))) as { reason: string }).reason, "not_a_directory");
});

test("absence is proven only for owned in-root Markdown paths, never through a symlink", async () => {
  const root = knowledgeRoot();
  rmSync(join(root, "sub"), { recursive: true });
  assert.equal(await provenAbsent(root, join(root, "sub", "deep", "b.md")), true, "a missing parent proves it");
  assert.equal(await provenAbsent(root, join(root, "gone.md")), true);
  assert.equal(await provenAbsent(root, join(root, "a.md")), false, "present");
  assert.equal(await provenAbsent(root, join(root, "linked-dir", "gone.md")), false, "behind a symlink");
  assert.equal(await provenAbsent(root, join(root, "a.md", "x.md")), false, "under a file");
  assert.equal(await provenAbsent(root, join(root, "Gone.md")), false, "not a source name");
  assert.equal(await provenAbsent(root, join(root, "gone.txt")), false, "not Markdown");
  assert.equal(await provenAbsent(root, "/elsewhere/gone.md"), false, "external");
  assert.equal(ownedByRoot(root, join(root, "..", "x.md")), false);
});
