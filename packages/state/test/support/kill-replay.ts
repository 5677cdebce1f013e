// The kill replay: a real Pi process (RPC) with powercontext-state and turn resolution on, a fake model scripting
// patch_state calls (one and two scopes, `final: true`, prose that forces fallback turns), SIGKILLed once per round at
// a seeded point, restarted on the same store. After every restart a probe patch takes the lock (the new holder
// removes dead writers' leftovers and rolls back their journals) and the store is checked (kill-checks.ts).
// Pushes join by `env` (turn the push queue on) and `checks` (the queue is not stuck), without changing the loop.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WireRequest } from "@powercontext/pi-testing";
import { acknowledgedPatches, checkStore, killResidue, type Written, writtenBy } from "./kill-checks.ts";
import { type Kill, patchStep, planRound, seededRandom } from "./kill-plan.ts";
import { script, startFakeModel, type FakeModel } from "./fake-model.ts";
import { type HermeticHome, KILL_HOST_PATH, makeHome, type PiProcess, type PiVersion, startPi } from "./pi-rpc.ts";

/** An extra check after each restart (e.g. a push queue that must drain); returns failures, empty when it holds. */
export type ReplayCheck = (store: { root: string; cwd: string; home: HermeticHome }) => Promise<string[]>;

export interface ReplayOptions {
  version: PiVersion;
  kills: number;
  seed: number;
  /** Extra environment for every Pi process (e.g. a Git remote and the push queue). */
  env?: Record<string, string>;
  checks?: readonly ReplayCheck[];
  /**
   * Timer kills wait (at most GIT_WAIT_MS) until Pi runs a child process (a Git commit or push) and SIGKILL its
   * process group with Pi (Git runs detached, so it would outlive Pi otherwise).
   */
  killChildren?: boolean;
  /** Notes on what a kill left behind beyond the store's own files (e.g. Git lock files), for the log line. */
  afterKill?: (root: string) => string[];
  log?: (line: string) => void;
}

export interface ReplayReport {
  kills: number;
  /** Kills that left a journal or staged files behind (seen before the restart). */
  midPublication: number;
  /** Kills that left temporary or handover files behind (the next lock holder must remove them). */
  withLeftovers: number;
  /** Kills that left the store lock held. */
  lockHeld: number;
  /** How each kill landed: inside a publication (host seam), by timer during the run, or after the run settled. */
  landed: Record<"publication" | "timer" | "settled", number>;
  /** Kills that also SIGKILLed a live child of Pi (a Git commit or push), with `killChildren`. */
  childrenKilled: number;
  /** The Git subcommands those kills hit (e.g. commit, push, add). */
  childCommands: Record<string, number>;
  issued: number;
  acknowledged: number;
  failures: string[];
  durationMs: number;
}

interface Replay {
  model: FakeModel;
  home: HermeticHome;
  root: string;
  pidFile: string;
  armFile: string;
  issued: Written;
  nextId: () => number;
  /** The armed timer kill of the running round: fires `delayMs` after the `request`-th request of the round. */
  timer: { request: number; delayMs: number; seen: number; handle?: NodeJS.Timeout } | null;
  killChildren: boolean;
  /** How many live children the last kill hit. */
  childrenHit: string[];
}

const TURN_RESOLUTION = { POWERCONTEXT_STATE_TURN_RESOLUTION: "1" };

function killPi(replay: Replay): void {
  const pid = Number(readFileSync(replay.pidFile, "utf8"));
  const children = replay.killChildren ? childPids(pid) : [];
  const groups = children.map((child) => -child);
  replay.childrenHit = children.map(commandOf);
  for (const target of [pid, ...groups])
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // already gone
    }
}

const GIT_WAIT_MS = 500;

/**
 * Polls (every millisecond) for Git children of Pi (exec'd, not just forked) and kills during the n-th one seen,
 * n = 1 + delayMs mod 4 (the caller index's read-tree after a commit, the push and its merge-base, a first process's
 * probe and init); kills anyway after GIT_WAIT_MS.
 */
function killInChild(replay: Replay, waited = 0, seen = new Set<number>()): void {
  let pid: number;
  try {
    pid = Number(readFileSync(replay.pidFile, "utf8"));
  } catch {
    return;
  }
  const running = childPids(pid).filter((child) => commandOf(child).startsWith("git "));
  for (const child of running) seen.add(child);
  const nth = 1 + ((replay.timer?.delayMs ?? 0) % 4);
  if ((running.length > 0 && seen.size >= nth) || waited >= GIT_WAIT_MS) killPi(replay);
  else if (replay.timer !== null) replay.timer.handle = setTimeout(() => killInChild(replay, waited + 1, seen), 1);
}

/** A child's Git subcommand (`git -c … commit …` is "git commit"), or "spawning" before its exec. */
function commandOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const rest = argv.slice(1).filter((arg, index, all) => arg !== "-c" && all[index - 1] !== "-c");
    // A child that has not exec'd yet still shows Pi's own command line.
    if (argv[0]?.split("/").pop() !== "git") return "spawning";
    return `git ${rest.find((arg) => !arg.startsWith("-")) ?? ""}`.trim();
  } catch {
    return "gone";
  }
}

/** Pi's direct children (Linux /proc); each detached Git child leads its own process group. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function observe(replay: () => Replay | undefined): (request: WireRequest) => void {
  return () => {
    const current = replay();
    const timer = current?.timer;
    if (current === undefined || timer === null || timer === undefined) return;
    timer.seen += 1;
    if (timer.seen === timer.request)
      timer.handle = setTimeout(() => (current.killChildren ? killInChild(current) : killPi(current)), timer.delayMs);
  };
}

async function openReplay(killChildren: boolean): Promise<Replay> {
  let replay: Replay | undefined;
  const model = await startFakeModel(observe(() => replay));
  const home = makeHome(model.baseUrl);
  let id = 0;
  replay = {
    model,
    home,
    root: join(home.agentDir, "powercontext-state"),
    pidFile: join(home.root, "pi.pid"),
    armFile: join(home.root, "kill-at-head"),
    issued: new Map(),
    nextId: () => (id += 1),
    timer: null,
    killChildren,
    childrenHit: [],
  };
  return replay;
}

/** Starts Pi on the replay's store and settles one probe patch (it takes the lock), then checks the store. */
async function restart(replay: Replay, options: ReplayOptions, round: number): Promise<[PiProcess, string[]]> {
  rmSync(replay.armFile, { force: true });
  const env = {
    ...TURN_RESOLUTION,
    POWERCONTEXT_TEST_PID_FILE: replay.pidFile,
    POWERCONTEXT_TEST_KILL_ARM_FILE: replay.armFile,
    ...options.env,
  };
  const pi = await startPi(replay.home, { version: options.version, extension: KILL_HOST_PATH, env });
  const probe = patchStep(replay.nextId(), false);
  for (const [id, scopes] of writtenBy(probe.args)) replay.issued.set(id, scopes);
  await pi.prompt(script([probe], `probe ${round} `));
  const store = { root: replay.root, cwd: replay.home.cwd, home: replay.home };
  const acknowledged = acknowledgedPatches(replay.model.requests);
  const failures = await checkStore(replay.root, replay.home.cwd, replay.issued, acknowledged);
  for (const check of options.checks ?? []) failures.push(...(await check(store)));
  return [pi, failures.map((failure) => `after kill ${round}: ${failure}`)];
}

/** Arms the round's kill, runs its script and returns how the kill landed once Pi is dead. */
async function killRound(
  replay: Replay,
  pi: PiProcess,
  kill: Kill,
  prompt: string,
): Promise<keyof ReplayReport["landed"]> {
  if (kill.kind === "publication") writeFileSync(replay.armFile, String(kill.head));
  else replay.timer = { request: kill.request, delayMs: kill.delayMs, seen: 0 };
  const settled = pi.prompt(prompt, 120_000).then(
    () => true,
    () => false,
  );
  const outcome = await Promise.race([settled, pi.exited.then(() => false)]);
  if (outcome) killPi(replay);
  await pi.exited;
  if (replay.timer?.handle !== undefined) clearTimeout(replay.timer.handle);
  replay.timer = null;
  return outcome ? "settled" : kill.kind;
}

/** Runs `kills` rounds (restart, probe, check, scripted run, SIGKILL) and a last restart and check. */
export async function runKillReplay(options: ReplayOptions): Promise<ReplayReport> {
  const started = performance.now();
  const replay = await openReplay(options.killChildren === true);
  const random = seededRandom(options.seed);
  const report: ReplayReport = {
    kills: 0,
    midPublication: 0,
    withLeftovers: 0,
    lockHeld: 0,
    landed: { publication: 0, timer: 0, settled: 0 },
    childrenKilled: 0,
    childCommands: {},
    issued: 0,
    acknowledged: 0,
    failures: [],
    durationMs: 0,
  };
  try {
    for (let round = 0; round <= options.kills; round += 1) {
      const [pi, failures] = await restart(replay, options, round);
      report.failures.push(...failures);
      if (round === options.kills) {
        await pi.stop();
        break;
      }
      const { steps, kill } = planRound(random, replay.nextId, round);
      for (const step of steps)
        if ("call" in step) for (const [id, scopes] of writtenBy(step.args)) replay.issued.set(id, scopes);
      replay.childrenHit = [];
      const landed = await killRound(replay, pi, kill, script(steps, `round ${round} `));
      const residue = killResidue(replay.root);
      const hit = replay.childrenHit;
      const notes = hit.length > 0 ? [`killed ${hit.join(", ")}`] : [];
      for (const command of hit) report.childCommands[command] = (report.childCommands[command] ?? 0) + 1;
      notes.push(...(options.afterKill?.(replay.root) ?? []));
      report.childrenKilled += hit.length > 0 ? 1 : 0;
      report.kills += 1;
      report.landed[landed] += 1;
      report.midPublication += residue.midPublication ? 1 : 0;
      report.withLeftovers += residue.leftovers.length > 0 ? 1 : 0;
      report.lockHeld += residue.lockHeld ? 1 : 0;
      const left = residue.leftovers.length > 0 ? `, left ${residue.leftovers.join(" ")}` : "";
      const noted = notes.length > 0 ? `; ${notes.join("; ")}` : "";
      options.log?.(`kill ${round + 1}: ${landed}${residue.midPublication ? " mid-publication" : ""}${left}${noted}`);
    }
  } finally {
    await replay.model.close();
  }
  report.issued = replay.issued.size;
  report.acknowledged = acknowledgedPatches(replay.model.requests).size;
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
