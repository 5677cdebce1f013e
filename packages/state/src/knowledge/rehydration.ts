// The rehydration planner (pure): which knowledge sources this run should read and compile, bounded per run, and
// which wait. It plans reads only; the model reads with Pi's own read tool, and nothing here reads, compiles or
// writes a source. Phases: the first run of a new session (`new-bootstrap`), the first run of a resumed one
// (`resume-bootstrap`), every later run (`step`). Routes that only need the materialized artifact (fresh, or unknown
// freshness) are never read; correctness work (new, changed source, changed compiler) goes before maintenance.
import type { ScopeName } from "../types.ts";
import type { Freshness } from "./freshness.ts";

export const REHYDRATION_PHASES = ["new-bootstrap", "resume-bootstrap", "step"] as const;
export type RehydrationPhase = (typeof REHYDRATION_PHASES)[number];

/** One source and what the store says of it. `scope` owns its artifact (global for a source with none yet). */
export interface RehydrationRoute {
  path: string;
  scope: ScopeName;
  freshness: Freshness;
  /** The source's size in bytes (a conservative bound of what reading it costs). */
  bytes: number;
}

export interface RehydrationBudget {
  /** Sources one run may read. */
  maxReads: number;
  /** Bytes those reads may total. */
  maxSourceBytes: number;
  /** Largest source read for age-based maintenance alone. */
  maxMaintenanceBytes: number;
}

/** Per run: the smallest sufficient read, one source of at most 64 KiB (16 KiB for maintenance alone). */
export const REHYDRATION_BUDGET: RehydrationBudget = {
  maxReads: 1,
  maxSourceBytes: 64 * 1024,
  maxMaintenanceBytes: 16 * 1024,
};

export type DeferReason = "new-session-scope" | "read-count-limit" | "source-byte-limit";

export interface RehydrationPlan {
  /** Read and compile in this run, in order. */
  reads: RehydrationRoute[];
  /** Needing work, but not in this run. */
  deferred: { route: RehydrationRoute; reason: DeferReason }[];
  /** Paths whose compiled artifact is used as it is. */
  materialized: string[];
}

const CORRECTNESS: ReadonlySet<Freshness> = new Set(["new", "source_changed", "compiler_changed"]);

function rank(route: RehydrationRoute): number {
  return CORRECTNESS.has(route.freshness) ? 0 : 1;
}

/** Orders correctness work before maintenance, then by path (the plan is deterministic). */
function byPriority(a: RehydrationRoute, b: RehydrationRoute): number {
  return rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

export function planKnowledgeRehydration(
  phase: RehydrationPhase,
  routes: readonly RehydrationRoute[],
  budget: RehydrationBudget = REHYDRATION_BUDGET,
): RehydrationPlan {
  const plan: RehydrationPlan = { reads: [], deferred: [], materialized: [] };
  let bytes = 0;
  for (const route of [...routes].sort(byPriority)) {
    if (route.freshness === "fresh" || route.freshness === "unknown") {
      plan.materialized.push(route.path);
      continue;
    }
    // A new session starts with an empty session scope: its private sources wait for a run that has one.
    const reason: DeferReason | null =
      phase === "new-bootstrap" && route.scope === "session"
        ? "new-session-scope"
        : plan.reads.length >= budget.maxReads
          ? "read-count-limit"
          : bytes + route.bytes > budget.maxSourceBytes ||
              (rank(route) === 1 && route.bytes > budget.maxMaintenanceBytes)
            ? "source-byte-limit"
            : null;
    if (reason !== null) plan.deferred.push({ route, reason });
    else {
      bytes += route.bytes;
      plan.reads.push(route);
    }
  }
  return plan;
}

/** The phase of the first run after `session_start`: resumed when the branch already holds a user message. */
export function firstRunPhase(branch: readonly unknown[]): RehydrationPhase {
  const resumed = branch.some((entry) => {
    const value = entry as { type?: unknown; message?: { role?: unknown } };
    return value.type === "message" && value.message?.role === "user";
  });
  return resumed ? "resume-bootstrap" : "new-bootstrap";
}
