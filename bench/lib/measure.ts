// Timing helpers shared by the benchmarks: repeated runs, medians, percentiles and progress output.
import { writeFileSync, mkdirSync } from "node:fs";
import { cpus } from "node:os";

export interface Summary {
  runs: number;
  median_ms: number;
  p95_ms: number;
  min_ms: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** The p-th percentile of unsorted `values`. */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    runs: sorted.length,
    median_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    min_ms: round(sorted[0] ?? NaN),
  };
}

/** Runs `work` `warmup` times untimed, then `runs` times timed; returns the per-run milliseconds. */
export async function time(
  work: (i: number) => unknown,
  { runs, warmup = Math.min(20, runs) }: { runs: number; warmup?: number },
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await work(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

/**
 * Times several workloads in alternation (run i of each, then run i + 1 of each), so that noise from other processes
 * on the machine lands on all of them alike and their ratio stays meaningful. Returns per-run milliseconds by name.
 */
export async function timeInterleaved<K extends string>(
  works: Record<K, (i: number) => unknown>,
  { runs, warmup = Math.min(20, runs) }: { runs: number; warmup?: number },
): Promise<Record<K, number[]>> {
  const names = Object.keys(works) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as unknown as Record<K, number[]>;
  for (let i = 0; i < warmup + runs; i += 1) {
    for (const name of names) {
      const start = process.hrtime.bigint();
      await works[name](i);
      if (i >= warmup) samples[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return samples;
}

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function machine(): Record<string, unknown> {
  return {
    node: process.version,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? "unknown",
    date: new Date().toISOString(),
  };
}

export function writeResult(name: string, result: unknown): string {
  const dir = new URL("../results/", import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file.pathname;
}

/** `--name value` options from argv. */
export function option(args: readonly string[], name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? (args[index + 1] as string) : fallback;
}
