// GET /v1/stats (api-v1.md §5.4): ScopedStats. Every object is closed and every field required; counts are ≥ 0.
import { Type, type Static } from "typebox";
import { Count, DateString, DateTime, Identifier, MemoryKind, Nullable, ScopeId, StringEnum } from "./common.ts";

export const StatsPeriodPreset = StringEnum(["today", "7d", "30d"], { title: "StatsPeriodPreset" });
export type StatsPeriodPreset = Static<typeof StatsPeriodPreset>;

/** Query string, form-decoded. Unknown parameters are rejected (api-v1.md §12.14). */
export const StatsQuery = Type.Object(
  {
    scope_id: ScopeId,
    period: Type.Optional(StringEnum(["today", "7d", "30d"], { default: "30d" })),
  },
  { title: "StatsQuery", additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

export const SourceInventory = Type.Object(
  { total: Count, memory_processed: Count, memory_pending: Count },
  { title: "SourceInventory", additionalProperties: false },
);
export type SourceInventory = Static<typeof SourceInventory>;

/** Counts artifact identities, not revisions. */
export const ArtifactInventory = Type.Object(
  {
    total: Count,
    by_family: Type.Array(Type.Object({ family: Identifier, total: Count }, { additionalProperties: false })),
  },
  { title: "ArtifactInventory", additionalProperties: false },
);
export type ArtifactInventory = Static<typeof ArtifactInventory>;

export const CandidateInventory = Type.Object(
  {
    total: Count,
    pending: Count,
    approved: Count,
    rejected: Count,
    by_family: Type.Array(
      Type.Object(
        { family: Identifier, total: Count, pending: Count, approved: Count, rejected: Count },
        { additionalProperties: false },
      ),
    ),
  },
  { title: "CandidateInventory", additionalProperties: false },
);
export type CandidateInventory = Static<typeof CandidateInventory>;

/** Counted on the Memory head. */
export const MemoryInventory = Type.Object(
  {
    entries: Type.Object(
      {
        total: Count,
        active: Count,
        inactive: Count,
        by_kind: Type.Array(
          Type.Object(
            { kind: MemoryKind, total: Count, active: Count, inactive: Count },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { title: "MemoryInventory", additionalProperties: false },
);
export type MemoryInventory = Static<typeof MemoryInventory>;

export const Inventory = Type.Object(
  {
    sources: SourceInventory,
    artifacts: ArtifactInventory,
    candidates: CandidateInventory,
    memory: MemoryInventory,
  },
  { title: "Inventory", additionalProperties: false },
);
export type Inventory = Static<typeof Inventory>;

/** 1, 7 or 30 days inclusive, ending today (UTC). */
export const StatsPeriod = Type.Object(
  {
    preset: StatsPeriodPreset,
    start_date: DateString,
    end_date: DateString,
    timezone: Type.Literal("UTC"),
  },
  { title: "StatsPeriod", additionalProperties: false },
);
export type StatsPeriod = Static<typeof StatsPeriod>;

/** Tokens are null only when a provider did not report them, and 0 when there was no use. */
export const UsageValue = Type.Object(
  { requests: Count, input_tokens: Nullable(Count), output_tokens: Nullable(Count) },
  { title: "UsageValue", additionalProperties: false },
);
export type UsageValue = Static<typeof UsageValue>;

/** Why the model was used; the list is exported so that stored purposes can be checked against it. */
export const USAGE_PURPOSES = [
  "memory_extraction",
  "memory_indexing",
  "memory_recall",
  "experience_generation",
  "skill_generation",
  "handoff_generation",
] as const;

export const UsagePurpose = StringEnum(USAGE_PURPOSES, { title: "UsagePurpose" });
export type UsagePurpose = Static<typeof UsagePurpose>;

export const UsageTotals = Type.Object(
  { generation: UsageValue, embedding: UsageValue },
  { title: "UsageTotals", additionalProperties: false },
);
export type UsageTotals = Static<typeof UsageTotals>;

/** Only the purposes that occurred, sorted. */
export const PurposeUsage = Type.Object(
  { purpose: UsagePurpose, generation: UsageValue, embedding: UsageValue },
  { title: "PurposeUsage", additionalProperties: false },
);
export type PurposeUsage = Static<typeof PurposeUsage>;

export const DailyUsage = Type.Object(
  {
    date: DateString,
    generation: UsageValue,
    embedding: UsageValue,
    by_purpose: Type.Array(PurposeUsage, { maxItems: 16 }),
  },
  { title: "DailyUsage", additionalProperties: false },
);
export type DailyUsage = Static<typeof DailyUsage>;

export const Usage = Type.Object(
  {
    period: StatsPeriod,
    totals: UsageTotals,
    by_purpose: Type.Array(PurposeUsage, { maxItems: 16 }),
    daily: Type.Array(DailyUsage, { maxItems: 30 }),
  },
  { title: "Usage", additionalProperties: false },
);
export type Usage = Static<typeof Usage>;

export const RecallEstimator = Type.Object(
  { estimator_id: Type.String({ minLength: 1 }), version: Type.String({ minLength: 1 }) },
  { title: "RecallEstimator", additionalProperties: false },
);
export type RecallEstimator = Static<typeof RecallEstimator>;

const RECALL_COUNTS = {
  preparations: Count,
  ready_preparations: Count,
  comparable_preparations: Count,
  baseline_tokens: Count,
  recalled_tokens: Count,
  /** baseline − recalled; may be negative. */
  token_reduction: Type.Integer(),
};

export const RecallTotals = Type.Object(RECALL_COUNTS, { title: "RecallTotals", additionalProperties: false });
export type RecallTotals = Static<typeof RecallTotals>;

export const DailyRecall = Type.Object(
  { date: DateString, ...RECALL_COUNTS },
  { title: "DailyRecall", additionalProperties: false },
);
export type DailyRecall = Static<typeof DailyRecall>;

export const Recall = Type.Object(
  {
    period: StatsPeriod,
    estimator: Nullable(RecallEstimator),
    totals: RecallTotals,
    daily: Type.Array(DailyRecall, { maxItems: 30 }),
  },
  { title: "Recall", additionalProperties: false },
);
export type Recall = Static<typeof Recall>;

export const ScopedStats = Type.Object(
  {
    scope_id: ScopeId,
    as_of: DateTime,
    inventory: Inventory,
    usage: Usage,
    recall: Recall,
  },
  { title: "ScopedStats", additionalProperties: false },
);
export type ScopedStats = Static<typeof ScopedStats>;
