// The before_agent_start times that the timer extensions (hook-timer-start.ts, hook-timer-end.ts) write to Pi's
// stderr, one JSON line per turn, read back by the benchmarks that drive Pi.
export function hookTimesOf(stderr: string): number[] {
  return stderr
    .split("\n")
    .filter((line) => line.includes("pc_bench_hook_ms"))
    .map((line) => (JSON.parse(line) as { pc_bench_hook_ms: number }).pc_bench_hook_ms);
}
