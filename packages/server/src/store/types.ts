// The Store interface: atomic, use-case-level operations, all async. No SQL, rows or transactions leave an adapter.
// The value types of each family of operations live in types/, one file a family; they are re-exported here.
import type { CandidateOperations } from "./types/candidates.ts";
import type { ContinuityOperations } from "./types/continuity.ts";
import type { JournalOperations } from "./types/journal.ts";
import type { MemoryOperations } from "./types/memory.ts";
import type { SearchOperations } from "./types/search.ts";
import type { StatsOperations } from "./types/stats.ts";

export type * from "./types/candidates.ts";
export type * from "./types/continuity.ts";
export type * from "./types/journal.ts";
export type * from "./types/memory.ts";
export type * from "./types/search.ts";
export type * from "./types/stats.ts";

export interface Store
  extends JournalOperations,
    MemoryOperations,
    SearchOperations,
    CandidateOperations,
    ContinuityOperations,
    StatsOperations {
  readonly engine: "sqlite" | "postgres";
  /** Cheap round trip used by readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
