// GET /v1/stats (api-v1.md §5.4): ScopedStats. Every object is closed and every field required; counts are ≥ 0.
import { Type, type Static } from "typebox";
import { ClosedObject, Nullable, StringEnum, WireObject } from "./builders.ts";
import { Count, DateString, DateTime, Identifier, MemoryKind, ScopeId } from "./common.ts";

const STATS_PERIOD_PRESETS = ["today", "7d", "30d"] as const;
/** The longest period's days: the most daily rows a period has. */
const MAX_PERIOD_DAYS = 30;

export const StatsPeriodPreset = StringEnum(STATS_PERIOD_PRESETS, { title: "StatsPeriodPreset" });
export type StatsPeriodPreset = Static<typeof StatsPeriodPreset>;

/** Query string, form-decoded. Unknown parameters are rejected (api-v1.md §12.14). */
export const StatsQuery = WireObject("StatsQuery", {
  scope_id: ScopeId,
  period: Type.Optional(StringEnum(STATS_PERIOD_PRESETS, { default: "30d" })),
});
export type StatsQuery = Static<typeof StatsQuery>;

export const SourceInventory = WireObject("SourceInventory", {
  total: Count,
  memory_processed: Count,
  memory_pending: Count,
});
export type SourceInventory = Static<typeof SourceInventory>;

/** Counts artifact identities, not revisions. */
export const ArtifactInventory = WireObject("ArtifactInventory", {
  total: Count,
  by_family: Type.Array(ClosedObject({ family: Identifier, total: Count })),
});
export type ArtifactInventory = Static<typeof ArtifactInventory>;

/** Candidates by status, in all and per family. */
const CANDIDATE_COUNTS = { total: Count, pending: Count, approved: Count, rejected: Count };

export const CandidateInventory = WireObject("CandidateInventory", {
  ...CANDIDATE_COUNTS,
  by_family: Type.Array(ClosedObject({ family: Identifier, ...CANDIDATE_COUNTS })),
});
export type CandidateInventory = Static<typeof CandidateInventory>;

/** Entries by state, in all and per kind. */
const ENTRY_COUNTS = { total: Count, active: Count, inactive: Count };

/** Counted on the Memory head. */
export const MemoryInventory = WireObject("MemoryInventory", {
  entries: ClosedObject({
    ...ENTRY_COUNTS,
    by_kind: Type.Array(ClosedObject({ kind: MemoryKind, ...ENTRY_COUNTS })),
  }),
});
export type MemoryInventory = Static<typeof MemoryInventory>;

export const Inventory = WireObject("Inventory", {
  sources: SourceInventory,
  artifacts: ArtifactInventory,
  candidates: CandidateInventory,
  memory: MemoryInventory,
});
export type Inventory = Static<typeof Inventory>;

/** 1, 7 or 30 days inclusive, ending today (UTC). */
export const StatsPeriod = WireObject("StatsPeriod", {
  preset: StatsPeriodPreset,
  start_date: DateString,
  end_date: DateString,
  timezone: Type.Literal("UTC"),
});
export type StatsPeriod = Static<typeof StatsPeriod>;

/** Tokens are null only when a provider did not report them, and 0 when there was no use. */
export const UsageValue = WireObject("UsageValue", {
  requests: Count,
  input_tokens: Nullable(Count),
  output_tokens: Nullable(Count),
});
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

/** Every usage figure, whatever it totals, is split into generation and embedding. */
const MODEL_USAGE = { generation: UsageValue, embedding: UsageValue };

export const UsageTotals = WireObject("UsageTotals", MODEL_USAGE);
export type UsageTotals = Static<typeof UsageTotals>;

/** Only the purposes that occurred, sorted. */
export const PurposeUsage = WireObject("PurposeUsage", { purpose: UsagePurpose, ...MODEL_USAGE });
export type PurposeUsage = Static<typeof PurposeUsage>;

const ByPurpose = Type.Array(PurposeUsage, { maxItems: 16 });

export const DailyUsage = WireObject("DailyUsage", { date: DateString, ...MODEL_USAGE, by_purpose: ByPurpose });
export type DailyUsage = Static<typeof DailyUsage>;

export const Usage = WireObject("Usage", {
  period: StatsPeriod,
  totals: UsageTotals,
  by_purpose: ByPurpose,
  daily: Type.Array(DailyUsage, { maxItems: MAX_PERIOD_DAYS }),
});
export type Usage = Static<typeof Usage>;

export const RecallEstimator = WireObject("RecallEstimator", {
  estimator_id: Type.String({ minLength: 1 }),
  version: Type.String({ minLength: 1 }),
});
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

export const RecallTotals = WireObject("RecallTotals", RECALL_COUNTS);
export type RecallTotals = Static<typeof RecallTotals>;

export const DailyRecall = WireObject("DailyRecall", { date: DateString, ...RECALL_COUNTS });
export type DailyRecall = Static<typeof DailyRecall>;

export const Recall = WireObject("Recall", {
  period: StatsPeriod,
  estimator: Nullable(RecallEstimator),
  totals: RecallTotals,
  daily: Type.Array(DailyRecall, { maxItems: MAX_PERIOD_DAYS }),
});
export type Recall = Static<typeof Recall>;

export const ScopedStats = WireObject("ScopedStats", {
  scope_id: ScopeId,
  as_of: DateTime,
  inventory: Inventory,
  usage: Usage,
  recall: Recall,
});
export type ScopedStats = Static<typeof ScopedStats>;
