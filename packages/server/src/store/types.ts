// The Store interface: atomic, use-case-level operations, all async. No SQL, rows or transactions leave an adapter.
// Memory is read here and written only by commitRevision, which checks what the domain's plan relied on; every
// decision about Memory (citations, duplicates, outcomes) is the domain's (domain/memory/revision.ts).
// The value types of each family of operations live in types/, one file a family; they are re-exported here.
import type { ArtifactOperations } from "./types/artifacts.ts";
import type { CandidateReads } from "./types/candidates.ts";
import type { ContinuityOperations } from "./types/continuity.ts";
import type { HandoffReportOperations } from "./types/handoff-reports.ts";
import type { JournalOperations } from "./types/journal.ts";
import type { LifecycleOperations } from "./types/lifecycle.ts";
import type { MemoryReads } from "./types/memory.ts";
import type { OverviewReads } from "./types/overview.ts";
import type { RevisionWrites } from "./types/revision.ts";
import type { SearchOperations } from "./types/search.ts";
import type { StatsOperations } from "./types/stats.ts";

export type * from "./types/artifacts.ts";
export type * from "./types/candidates.ts";
export type * from "./types/continuity.ts";
export type * from "./types/handoff-reports.ts";
export type * from "./types/journal.ts";
export type * from "./types/lifecycle.ts";
export type * from "./types/memory.ts";
export type * from "./types/overview.ts";
export type * from "./types/revision.ts";
export type * from "./types/search.ts";
export type * from "./types/stats.ts";

export interface Store
  extends JournalOperations,
    MemoryReads,
    RevisionWrites,
    SearchOperations,
    CandidateReads,
    ContinuityOperations,
    StatsOperations,
    HandoffReportOperations,
    ArtifactOperations,
    LifecycleOperations,
    OverviewReads {
  readonly engine: "sqlite" | "postgres";
  /** Cheap round trip used by readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
