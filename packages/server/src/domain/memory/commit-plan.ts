// Running a planned Memory write: read, plan, commit, and plan again from a fresh read when the commit answers that
// something the plan relied on has changed meanwhile. Conflicts come only from writes that touched the same entries,
// fingerprints, candidates or cursor, so a plan rarely needs a second attempt and almost never a third.
import type { ArtifactReference } from "@powercontext/protocol";
import type { RevisionCommit, Store } from "../../store/types.ts";

/** What to commit: the commit without its scope and time, which the runner adds. */
export type PlannedCommit = Omit<RevisionCommit, "scope_id" | "now">;

/** A plan's verdict: an answer without writing anything, or a commit and the answer it gives once committed. */
export type Planned<T> =
  | { status: "answered"; answer: T }
  | { status: "commit"; commit: PlannedCommit; answer: (memory: ArtifactReference | null) => T };

/** Attempts before a plan gives up: every conflict means another write to the same things committed first. */
export const PLAN_ATTEMPTS = 5;

export type PlanOutcome<T> = { status: "done"; answer: T } | { status: "contended" };

export function answered<T>(answer: T): Planned<T> {
  return { status: "answered", answer };
}

/** Plans (`plan(attempt)` reads what it needs afresh) and commits until a plan commits or answers without writing. */
export async function runPlan<T>(
  store: Store,
  target: { scope_id: string; now: string },
  plan: (attempt: number) => Promise<Planned<T>>,
): Promise<PlanOutcome<T>> {
  for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt += 1) {
    const planned = await plan(attempt);
    if (planned.status === "answered") return { status: "done", answer: planned.answer };
    const result = await store.commitRevision({ ...planned.commit, scope_id: target.scope_id, now: target.now });
    if (result.status === "committed") return { status: "done", answer: planned.answer(result.memory) };
  }
  return { status: "contended" };
}

/** The head a committed revision left; an entry write always leaves one. */
export function writtenHead(memory: ArtifactReference | null): ArtifactReference {
  if (!memory) throw new Error("a committed entry write left no Memory revision");
  return memory;
}
