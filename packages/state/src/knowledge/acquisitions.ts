// What a run's acquisitions still owe (pure): a source the model read in this run with Pi's read tool (a knowledge
// source or a loaded Skill) that needed compiling at the bytes it read (no artifact, a changed source or compiler)
// owes an artifact keyed by its path until a patch records one with the runtime's evidence of that read. Turn
// resolution's final validation refuses an eligible draft while anything is owed (turn-resolution.ts).
import { type Freshness, freshnessOf, type ScopeStates } from "./freshness.ts";

/** Freshness at the read bytes that makes a read an obligation; age-based maintenance and unknown evidence do not. */
const OWED: ReadonlySet<Freshness> = new Set(["new", "source_changed", "compiler_changed"]);

/**
 * The paths, sorted, of this run's reads (`runReads`) whose compilation is owed in `states`; `reads` maps each read
 * path to the hash of the bytes read.
 */
export function owedCompilations(
  states: ScopeStates,
  reads: ReadonlyMap<string, string>,
  runReads: ReadonlySet<string>,
  now: Date,
): string[] {
  const owed: string[] = [];
  for (const path of runReads) {
    const hash = reads.get(path);
    if (hash !== undefined && OWED.has(freshnessOf(states, path, hash, now))) owed.push(path);
  }
  return owed.sort();
}
