// powercontext-state benchmark: patch_state (the whole tool path: grammar, barrier, lock, CAS, fsync'd writes,
// receipt) with every tail already full (each patch folds a checkpoint), and the projection build.
// `npm run bench -- state [--runs 500]`
import { mkdtempSync } from "node:fs";
import { replaceFile } from "../packages/state/src/atomic-file.ts";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../packages/state/src/config.ts";
import { silentLogger, type HostContext } from "../packages/state/src/host.ts";
import { buildProjection } from "../packages/state/src/projection.ts";
import { createStateRuntime } from "../packages/state/src/runtime.ts";
import { effectiveOf, runPatchState } from "../packages/state/src/tools/patch-state.ts";
import { machine, option, progress, summarize, time, writeResult } from "./lib/measure.ts";

const TARGET_PATCH_P95_MS = 10;
const TARGET_PROJECTION_P95_MS = 2;

function workingSet(size: number, salt: number): Record<string, unknown> {
  const working: Record<string, unknown> = {};
  for (let i = 0; i < size; i += 1) working[`item_${i}`] = { note: `decision ${i} of run ${salt}: keep the billing service on PostgreSQL 16`, tags: ["db", "billing", `t${i % 7}`], weight: i };
  return working;
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, "runs", "500"));
  const root = join(mkdtempSync(join(tmpdir(), "pc-state-bench-")), "store");
  const config = { ...loadConfig({ PI_CODING_AGENT_DIR: join(root, "..", "agent") }), root };
  let active: string[] = [];
  const runtime = createStateRuntime(config, { appendEntry: () => undefined, getActiveTools: () => active, setActiveTools: (names) => (active = names) }, silentLogger);
  const ctx: HostContext = {
    cwd: "/work/project",
    hasUI: false,
    ui: { confirm: async () => false, notify: () => undefined },
    sessionManager: { getSessionId: () => "bench-session", getBranch: () => [] },
  };
  let call = 0;
  const patch = async (params: unknown) => {
    const outcome = await runPatchState(runtime, params, ctx, `call_${(call += 1)}`);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  };
  progress("seeding: 40-entry planes in every scope, then 8 patches per scope (full 7-patch tails)");
  await patch({ global: { contract: workingSet(40, 0) }, cwd: { artifacts: workingSet(40, 0) }, session: { working: workingSet(40, 0) } });
  for (let i = 1; i <= 8; i += 1) await patch({ global: { contract: { seed: i } }, cwd: { working: { seed: i } }, session: { working: { seed: i } } });
  const session = await runtime.session(ctx);
  for (const scope of ["global", "cwd", "session"] as const) if (session.view[scope].head?.tail.length !== 7) throw new Error(`${scope} tail is not full`);

  progress(`patch_state, one scope (cwd), ${runs} runs`);
  const single = summarize(await time((i) => patch({ cwd: { working: { step: i, [`note_${i % 16}`]: `value ${i}` } } }), { runs }));
  progress(`patch_state, three scopes in one transition, ${runs} runs`);
  const multi = summarize(await time((i) => patch({ global: { contract: { step: i } }, cwd: { working: { step: -i } }, session: { working: { step: i * 2 } } }), { runs }));
  progress(`disk baseline: one durable replacement (4 KB, fsync file + directory), ${runs} runs`);
  const baselineFile = join(root, "baseline.json");
  const disk = summarize(await time((i) => replaceFile(baselineFile, "x".repeat(4000) + i), { runs }));
  const effective = effectiveOf(session.view);
  const bytes = buildProjection("active", effective)?.length ?? 0;
  progress(`projection build (${bytes} chars), ${runs * 4} runs`);
  const projection = summarize(await time(() => buildProjection("active", effectiveOf(session.view)), { runs: runs * 4 }));

  const result = {
    benchmark: "state",
    machine: machine(),
    store: "ext4 temp dir, fsync of file and directory on every replacement",
    patch_state_single_scope: single,
    patch_state_three_scopes: multi,
    projection_build: { ...projection, projection_chars: bytes },
    disk_baseline_one_durable_replace: disk,
    load_average: loadavg(),
    targets: { patch_state_p95_ms: TARGET_PATCH_P95_MS, projection_build_p95_ms: TARGET_PROJECTION_P95_MS },
    pass: single.p95_ms <= TARGET_PATCH_P95_MS && multi.p95_ms <= TARGET_PATCH_P95_MS && projection.p95_ms <= TARGET_PROJECTION_P95_MS,
  };
  const file = writeResult("state", result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  progress(`written ${file}`);
}
