import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { StateError } from "./errors.ts";
import { viewAt } from "./history.ts";
import { JOURNAL_FILE } from "./journal.ts";
import { LOCK_FILE, openStateStore } from "./state-file.ts";
import type { ViewKeys } from "./types.ts";

const KEYS: ViewKeys = { global: "global", cwd: "project", session: "s1" };

function freshRoot(): string {
  return join(mkdtempSync(join(tmpdir(), "pc-state-")), "store");
}

test("a multi-scope transition commits every supplied scope and reads back", async () => {
  const store = openStateStore({ root: freshRoot() });
  const basis = await store.readView(KEYS);
  const result = await store.publish(KEYS, basis, {
    patches: { global: { contract: { a: 1 } }, session: { working: { b: 2 } } },
    final: false,
  });
  assert.equal(result.status, "committed");
  const view = await store.readView(KEYS);
  assert.deepEqual(
    [view.global.current.contract, view.session.current.working, view.cwd.head],
    [{ a: 1 }, { b: 2 }, null],
  );
  assert.equal(view.global.head?.tail[0]?.transition, view.session.head?.tail[0]?.transition);
  assert.equal(existsSync(join(store.root, JOURNAL_FILE)), false);
  assert.equal(existsSync(join(store.root, LOCK_FILE)), false);
});

test("a stale basis is a conflict naming the scope, and nothing is written", async () => {
  const store = openStateStore({ root: freshRoot() });
  const stale = await store.readView(KEYS);
  await store.publish(KEYS, stale, { patches: { cwd: { working: { first: 1 } } }, final: false });
  const result = await store.publish(KEYS, stale, {
    patches: { cwd: { working: { second: 2 } }, session: { working: { x: 1 } } },
    final: false,
  });
  assert.equal(result.status, "conflict");
  assert.deepEqual(result.status === "conflict" ? result.scopes : [], ["cwd"]);
  const view = await store.readView(KEYS);
  assert.deepEqual([view.cwd.current.working, view.session.head], [{ first: 1 }, null]);
});

test("a publication failing after its first head restores the previous state of every scope", async () => {
  let fail = false;
  const store = openStateStore({
    root: freshRoot(),
    afterHeadWritten: (index) => {
      if (fail && index === 0) throw new Error("disk full");
    },
  });
  await store.publish(KEYS, await store.readView(KEYS), {
    patches: { global: { working: { v: 1 } }, cwd: { working: { v: 1 } } },
    final: false,
  });
  const before = await store.readView(KEYS);
  fail = true;
  await assert.rejects(
    store.publish(KEYS, before, {
      patches: { global: { working: { v: 2 } }, cwd: { working: { v: 2 } } },
      final: false,
    }),
    (error: unknown) => error instanceof StateError && error.code === "publication_failed",
  );
  const after = await store.readView(KEYS);
  assert.deepEqual([after.global.current.working, after.cwd.current.working], [{ v: 1 }, { v: 1 }]);
  assert.equal(after.global.basis, before.global.basis);
});

test("a journal left by a dead writer is rolled back, restoring only bytes that match its output", async () => {
  const root = freshRoot();
  const store = openStateStore({ root });
  await store.publish(KEYS, await store.readView(KEYS), {
    patches: { global: { working: { v: 1 } }, cwd: { working: { v: 1 } } },
    final: false,
  });
  const committed = await store.readView(KEYS);
  let crashed = false;
  const dying = openStateStore({
    root,
    afterHeadWritten: (index) => {
      if (index === 1) {
        crashed = true;
        throw new Error("simulated crash");
      }
    },
  });
  // Simulate a crash: the journal and both new heads exist, the lock is held by a dead process.
  await dying
    .publish(KEYS, committed, { patches: { global: { working: { v: 2 } }, cwd: { working: { v: 2 } } }, final: false })
    .catch(() => undefined);
  assert.ok(crashed);
  const globalHead = join(root, "scopes", "global.json");
  const newHead = readFileSync(globalHead, "utf8").replace('"v":1', '"v":2');
  writeFileSync(
    join(root, JOURNAL_FILE),
    JSON.stringify({
      format: "powercontext.state.journal.v1",
      id: "tr_dead",
      pid: 999_999,
      writes: [
        {
          path: "scopes/global.json",
          before: readFileSync(globalHead, "utf8"),
          after_sha256: (await import("@powercontext/protocol")).sha256Hex(newHead),
        },
      ],
      checkpoints: [],
    }),
  );
  writeFileSync(globalHead, newHead);
  writeFileSync(join(root, LOCK_FILE), JSON.stringify({ pid: 999_999, token: "dead" }));
  const view = await store.readView(KEYS);
  assert.deepEqual([view.global.current.working, view.cwd.current.working], [{ v: 1 }, { v: 1 }]);
  assert.equal(existsSync(join(root, JOURNAL_FILE)), false);
});

test("symlinked and non-regular owned paths are refused", async () => {
  const root = freshRoot();
  const store = openStateStore({ root });
  await store.publish(KEYS, await store.readView(KEYS), { patches: { global: { working: { v: 1 } } }, final: false });
  const elsewhere = join(mkdtempSync(join(tmpdir(), "pc-state-elsewhere-")), "x.json");
  writeFileSync(elsewhere, "{}");
  symlinkSync(elsewhere, join(root, "scopes", "cwd.project.json"));
  await assert.rejects(
    store.readView(KEYS),
    (error: unknown) => error instanceof StateError && error.code === "unsafe_path",
  );
  await assert.rejects(
    store.publish(KEYS, await store.readView({ ...KEYS, cwd: "x" }), {
      patches: { cwd: { working: { a: 1 } } },
      final: false,
    }),
    (error: unknown) => error instanceof StateError && error.code === "unsafe_path",
  );
  const other: ViewKeys = { ...KEYS, cwd: "other" };
  mkdirSync(join(root, "scopes", "cwd.other.json"));
  await assert.rejects(
    store.readView(other),
    (error: unknown) => error instanceof StateError && error.code === "unsafe_path",
  );
  const moved = join(mkdtempSync(join(tmpdir(), "pc-state-root-")), "store");
  symlinkSync(root, moved);
  await assert.rejects(
    openStateStore({ root: moved }).readView(KEYS),
    (error: unknown) => error instanceof StateError && error.code === "unsafe_path",
  );
});

test("eight patches keep seven in the tail; offsets 0-7 read back from disk", async () => {
  const store = openStateStore({ root: freshRoot() });
  for (let n = 1; n <= 9; n += 1)
    await store.publish(KEYS, await store.readView(KEYS), { patches: { cwd: { working: { n } } }, final: false });
  const view = await store.readView(KEYS);
  assert.equal(view.cwd.head?.tail.length, 7);
  for (let offset = 0; offset <= 7; offset += 1)
    assert.deepEqual(viewAt(view, offset).states.cwd.working, { n: 9 - offset });
});

test("a forked session copies the parent's session stream with a fresh origin and leaves the parent alone", async () => {
  const store = openStateStore({ root: freshRoot() });
  await store.publish(KEYS, await store.readView(KEYS), { patches: { session: { working: { a: 1 } } }, final: false });
  const child: ViewKeys = { ...KEYS, session: "s2" };
  const forked = await store.copySession(child, "s1", null);
  assert.deepEqual(forked.session.current.working, { a: 1 });
  assert.throws(
    () => viewAt(forked, 1),
    (error: unknown) => error instanceof StateError && error.code === "pre_origin",
  );
  await store.publish(child, forked, { patches: { session: { working: { a: 2 } } }, final: false });
  assert.deepEqual((await store.readView(KEYS)).session.current.working, { a: 1 });
  assert.deepEqual(viewAt(await store.readView(child), 1).states.session.working, { a: 1 });
});

test("concurrent writer processes lose no update: every conflict is reported and retried", async () => {
  const root = freshRoot();
  const writer = new URL("./testing/writer-process.ts", import.meta.url).pathname;
  const run = promisify(execFile);
  const outputs = await Promise.all(
    ["w1", "w2", "w3"].map((name) =>
      run(process.execPath, ["--disable-warning=ExperimentalWarning", writer, root, name, "6"]),
    ),
  );
  const conflicts = outputs.reduce(
    (sum, { stdout }) => sum + (JSON.parse(stdout) as { conflicts: number }).conflicts,
    0,
  );
  const view = await openStateStore({ root }).readView({ global: "global", cwd: "shared", session: "none" });
  assert.equal(Object.keys(view.cwd.current.working).length, 18);
  assert.equal(view.cwd.head?.revision, 18);
  assert.ok(Number.isInteger(conflicts));
});

test("a fork from a point folded into the parent's checkpoint is refused; a retained point is rebuilt exactly", async () => {
  const store = openStateStore({ root: freshRoot() });
  const seqs: number[] = [];
  for (let n = 1; n <= 9; n += 1) {
    const result = await store.publish(KEYS, await store.readView(KEYS), {
      patches: { session: { working: { n } } },
      final: false,
    });
    assert.equal(result.status, "committed");
    if (result.status === "committed") seqs.push(result.seq);
  }
  const child: ViewKeys = { ...KEYS, session: "s2" };
  await assert.rejects(
    store.copySession(child, "s1", seqs[0] as number),
    (error: unknown) => error instanceof StateError && error.code === "fork_point_folded",
  );
  assert.equal((await store.readView(child)).session.head, null, "nothing was copied");
  const rebuilt = await store.copySession(child, "s1", seqs[4] as number);
  assert.deepEqual(rebuilt.session.current.working, { n: 5 });
});

test("the view a publication returns, built from the bytes it wrote, equals a fresh read of the files", async () => {
  const root = freshRoot();
  const store = openStateStore({ root });
  let view = await store.readView(KEYS);
  for (let n = 1; n <= 10; n += 1) {
    const result = await store.publish(KEYS, view, {
      patches: {
        cwd: { working: { n, [`k${n % 3}`]: { deep: [n, -0, "x"] } } },
        ...(n % 2 === 0 ? { session: { contract: { even: n } } } : {}),
      },
      final: false,
    });
    assert.equal(result.status, "committed");
    view = result.view;
    const fresh = await openStateStore({ root }).readView(KEYS);
    assert.deepEqual(JSON.parse(JSON.stringify(view)), JSON.parse(JSON.stringify(fresh)));
    assert.deepEqual(
      [view.global.basis, view.cwd.basis, view.session.basis],
      [fresh.global.basis, fresh.cwd.basis, fresh.session.basis],
    );
  }
});
