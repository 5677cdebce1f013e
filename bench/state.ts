// powercontext-state benchmark: patch_state (the whole tool path: grammar, barrier, lock, CAS, fsync'd writes,
// receipt) with every tail already full (each patch folds a checkpoint), and the projection build. The raw durable
// write floor (write a temporary file of the scope file's size, fsync, rename, fsync the directory) is measured in
// the same run, interleaved with the patches so machine noise lands on both; fsyncs are counted per patch.
// The same one-scope patch with Git as cold history on (a commit per transition, written in-process; the caller's
// index synchronized by a background `git read-tree`) runs interleaved beside it, over its own store, with the cost
// of starting one Git process measured alongside.
// `npm run bench -- state [--runs 500]`
import fs, { closeSync, fsyncSync, mkdtempSync, openSync, renameSync, statSync, writeSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../packages/state/src/config.ts";
import { silentLogger, type HostContext } from "../packages/state/src/host.ts";
import { runGit } from "../packages/state/src/git/git-command.ts";
import { buildProjection } from "../packages/state/src/projection.ts";
import { createStateRuntime } from "../packages/state/src/runtime.ts";
import { scopePath } from "../packages/state/src/scope-files.ts";
import { cwdKey } from "../packages/state/src/scopes.ts";
import { effectiveOf, runPatchState } from "../packages/state/src/tools/patch-state.ts";
import { machine, option, progress, summarize, time, timeInterleaved, writeResult } from "./lib/measure.ts";

const TARGET_PATCH_P95_MS = 10;
const TARGET_GIT_PATCH_P95_MS = 50;
const TARGET_PROJECTION_P95_MS = 2;
const CWD = "/work/project";

function workingSet(size: number, salt: number): Record<string, unknown> {
  const working: Record<string, unknown> = {};
  for (let i = 0; i < size; i += 1)
    working[`item_${i}`] = {
      note: `decision ${i} of run ${salt}: keep the billing service on PostgreSQL 16`,
      tags: ["db", "billing", `t${i % 7}`],
      weight: i,
    };
  return working;
}

/** Counts fsync calls made through node:fs, sync and on the thread pool (ESM named imports included). */
function countFsyncs(): { count(): number } {
  const original = fs.fsyncSync;
  const originalAsync = fs.fsync;
  let calls = 0;
  fs.fsyncSync = (fd: number) => {
    calls += 1;
    original(fd);
  };
  fs.fsync = ((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    calls += 1;
    originalAsync(fd, callback);
  }) as typeof fs.fsync;
  syncBuiltinESMExports();
  return { count: () => calls };
}

/** The floor of one durable replacement: temporary file, write, fsync, rename, fsync of the directory. */
function rawDurableWrite(directory: string, bytes: Buffer, i: number): void {
  const temporary = join(directory, `.floor.tmp-${i}`);
  const fd = openSync(temporary, "wx", 0o600);
  writeSync(fd, bytes);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temporary, join(directory, "floor.json"));
  const dir = openSync(directory, "r");
  fsyncSync(dir);
  closeSync(dir);
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

type Patch = (params: unknown) => Promise<void>;

/** A state runtime over a fresh store under `root`, a host context for one session, and patch_state as a tool call. */
function openRuntime(
  root: string,
  gitBackup: boolean,
): {
  runtime: ReturnType<typeof createStateRuntime>;
  ctx: HostContext;
  patch: Patch;
} {
  // Each arm names its Git setting: Git history is on by default, so the Git off arm turns it off explicitly.
  const env = { PI_CODING_AGENT_DIR: join(root, "..", "agent"), POWERCONTEXT_STATE_GIT_BACKUP: gitBackup ? "1" : "0" };
  const config = { ...loadConfig(env), root };
  let active: string[] = [];
  const runtime = createStateRuntime(
    config,
    { appendEntry: () => undefined, getActiveTools: () => active, setActiveTools: (names) => (active = names) },
    silentLogger,
  );
  const ctx: HostContext = {
    cwd: CWD,
    hasUI: false,
    ui: { confirm: async () => false, notify: () => undefined },
    sessionManager: { getSessionId: () => "bench-session", getBranch: () => [] },
  };
  let call = 0;
  const patch = async (params: unknown) => {
    const outcome = await runPatchState(runtime, params, ctx, `call_${(call += 1)}`);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  };
  return { runtime, ctx, patch };
}

/** 40-entry planes in every scope, then 8 patches per scope, so that every tail is full and each patch folds. */
async function seed(patch: Patch): Promise<void> {
  progress("seeding: 40-entry planes in every scope, then 8 patches per scope (full 7-patch tails)");
  await patch({
    global: { contract: workingSet(40, 0) },
    cwd: { artifacts: workingSet(40, 0) },
    session: { working: workingSet(40, 0) },
  });
  for (let i = 1; i <= 8; i += 1)
    await patch({
      global: { contract: { seed: i } },
      cwd: { working: { seed: i } },
      session: { working: { seed: i } },
    });
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, "runs", "500"));
  const root = join(mkdtempSync(join(tmpdir(), "pc-state-bench-")), "store");
  const { runtime, ctx, patch } = openRuntime(root, false);
  const withGit = openRuntime(join(mkdtempSync(join(tmpdir(), "pc-state-bench-git-")), "store"), true);
  const fsyncs = countFsyncs();
  await seed(patch);
  await seed(withGit.patch);
  const session = await runtime.session(ctx);
  for (const scope of ["global", "cwd", "session"] as const)
    if (session.view[scope].head?.tail.length !== 7) throw new Error(`${scope} tail is not full`);

  const single = (i: number) => patch({ cwd: { working: { step: i, [`note_${i % 16}`]: `value ${i}` } } });
  const multi = (i: number) =>
    patch({
      global: { contract: { step: i } },
      cwd: { working: { step: -i - 1 } },
      session: { working: { step: i * 2 } },
    });
  const perPatch = async (work: (i: number) => Promise<void>) => {
    const before = fsyncs.count();
    await work(1_000_000);
    return fsyncs.count() - before;
  };
  const fsyncsPerPatch = { single: await perPatch(single), multi: await perPatch(multi) };

  const scopeBytes = statSync(scopePath(root, "cwd", cwdKey(CWD))).size;
  const floorBytes = Buffer.alloc(scopeBytes, "x");
  const scopesDirectory = join(root, "scopes");
  const singleGit = (i: number) => withGit.patch({ cwd: { working: { step: i, [`note_${i % 16}`]: `value ${i}` } } });
  progress(`interleaved, ${runs} runs each: patch_state one scope (cwd) Git off and on, three scopes, floor`);
  const samples = await timeInterleaved(
    {
      single,
      single_git: singleGit,
      // What one Git process costs on this machine at that moment (the former commit ran three per patch).
      git_process: async () => {
        await runGit(scopesDirectory, ["--version"]);
      },
      multi,
      floor: (i: number) => rawDurableWrite(scopesDirectory, floorBytes, i),
    },
    { runs },
  );
  const projectionChars = buildProjection("active", effectiveOf(session.view))?.length ?? 0;
  progress(`projection build (${projectionChars} chars), ${runs * 4} runs`);
  const projection = summarize(
    await time(() => buildProjection("active", effectiveOf(session.view)), { runs: runs * 4 }),
  );
  const result = report({ samples, fsyncsPerPatch, scopeBytes, projection, projectionChars });
  const file = writeResult("state", result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  progress(`written ${file}`);
}

function report({
  samples,
  fsyncsPerPatch,
  scopeBytes,
  projection,
  projectionChars,
}: {
  samples: Record<"single" | "single_git" | "git_process" | "multi" | "floor", number[]>;
  fsyncsPerPatch: { single: number; multi: number };
  scopeBytes: number;
  projection: ReturnType<typeof summarize>;
  projectionChars: number;
}): Record<string, unknown> {
  const singleSummary = summarize(samples.single);
  const multiSummary = summarize(samples.multi);
  const gitSummary = summarize(samples.single_git);
  const floor = summarize(samples.floor);
  return {
    benchmark: "state",
    machine: machine(),
    store: "ext4 temp dir, fsync of file and directory on every replacement",
    scope_file_bytes: scopeBytes,
    patch_state_single_scope: { ...singleSummary, fsyncs_per_patch: fsyncsPerPatch.single },
    patch_state_single_scope_git: { ...gitSummary, git: "one commit per transition, objects written in-process" },
    one_git_process: summarize(samples.git_process),
    ratio_git_to_file_only: {
      median: ratio(gitSummary.median_ms, singleSummary.median_ms),
      p95: ratio(gitSummary.p95_ms, singleSummary.p95_ms),
    },
    patch_state_three_scopes: { ...multiSummary, fsyncs_per_patch: fsyncsPerPatch.multi },
    raw_durable_write_floor: { ...floor, fsyncs_per_write: 2, bytes: scopeBytes },
    ratio_single_to_floor: {
      median: ratio(singleSummary.median_ms, floor.median_ms),
      p95: ratio(singleSummary.p95_ms, floor.p95_ms),
    },
    ratio_three_scopes_to_floor: {
      median: ratio(multiSummary.median_ms, floor.median_ms),
      p95: ratio(multiSummary.p95_ms, floor.p95_ms),
    },
    projection_build: { ...projection, projection_chars: projectionChars },
    load_average: loadavg(),
    targets: {
      patch_state_p95_ms: TARGET_PATCH_P95_MS,
      patch_state_git_p95_ms: TARGET_GIT_PATCH_P95_MS,
      projection_build_p95_ms: TARGET_PROJECTION_P95_MS,
    },
    pass:
      singleSummary.p95_ms <= TARGET_PATCH_P95_MS &&
      gitSummary.p95_ms <= TARGET_GIT_PATCH_P95_MS &&
      projection.p95_ms <= TARGET_PROJECTION_P95_MS,
  };
}
