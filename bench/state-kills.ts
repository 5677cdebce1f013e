// powercontext-state kill replay: a real Pi (RPC) with the state package and turn resolution on, SIGKILLed once per
// round at a seeded point during patches of one and two scopes, `final: true` patches and fallback turns, restarted
// on the same store and checked after every restart (packages/state/test/support/kill-replay.ts). Fails (exit 1)
// on any unreadable state, lost acknowledged patch, phantom value or leftover file. It runs with Git history off
// (POWERCONTEXT_STATE_GIT_BACKUP=0); `--git` turns Git backup on with a local bare remote (kills land during commits
// and pushes too, Git children included; test/support/kill-git.ts).
// `npm run bench -- state-kills [--kills 50] [--seed 1] [--pi 1.6.0] [--git]`
import { PI_VERSIONS } from "../packages/state/test/support/pi-rpc.ts";
import { gitReplay } from "../packages/state/test/support/kill-git.ts";
import { runKillReplay } from "../packages/state/test/support/kill-replay.ts";
import { machine, option, writeResult } from "./lib/measure.ts";

export async function run(args: string[]): Promise<void> {
  const kills = Number(option(args, "kills", "50"));
  const seed = Number(option(args, "seed", "1"));
  const wanted = option(args, "pi", PI_VERSIONS[0]?.name ?? "");
  const version = PI_VERSIONS.find((candidate) => candidate.name === wanted);
  if (version === undefined || !Number.isInteger(kills) || kills < 1 || !Number.isInteger(seed)) {
    const versions = PI_VERSIONS.map((v) => v.name).join("|");
    console.error(`usage: state-kills [--kills N>=1] [--seed N] [--pi ${versions}] [--git]`);
    process.exitCode = 2;
    return;
  }
  const withGit = args.includes("--git");
  const git = withGit ? { ...gitReplay(), killChildren: true } : undefined;
  // Without --git the replay is file-only: Git history is on by default, so it is turned off explicitly.
  const arm = git ?? { env: { POWERCONTEXT_STATE_GIT_BACKUP: "0" } };
  const report = await runKillReplay({ version, kills, seed, ...arm, log: (line) => console.log(line) });
  const locks =
    git === undefined ? {} : { gitLocksLeft: { kills: git.locksLeft.kills, names: [...git.locksLeft.names] } };
  const name = withGit ? "state-kills-git" : "state-kills";
  const file = writeResult(name, { machine: machine(), pi: version.name, seed, git: withGit, ...report, ...locks });
  console.log(
    `Pi ${version.name}, seed ${seed}${withGit ? ", Git backup and push on" : ""}: ${report.kills} kills (${report.midPublication} mid-publication, ` +
      `${report.withLeftovers} leaving temporary files, ` +
      `${report.lockHeld} with the lock held; landed ${JSON.stringify(report.landed)}), ` +
      (git === undefined
        ? ""
        : `${report.childrenKilled} killing a Git child ${JSON.stringify(report.childCommands)}, ${git.locksLeft.kills} leaving Git locks, `) +
      `${report.acknowledged}/${report.issued} patches acknowledged, ${report.failures.length} failures, ` +
      `${(report.durationMs / 1000).toFixed(0)} s → ${file}`,
  );
  for (const failure of report.failures) console.log(`FAIL ${failure}`);
  if (report.failures.length > 0) process.exitCode = 1;
}
