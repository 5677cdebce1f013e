// Statistics: a scope's inventory and the daily recall counters.

export interface CountByState {
  total: number;
  active: number;
  inactive: number;
}

export interface ScopeInventory {
  sources_total: number;
  memory_cursor: number;
  has_memory: boolean;
  has_handoff: boolean;
  candidates: { pending: number; approved: number; rejected: number };
  entries_by_kind: Array<{ kind: string } & CountByState>;
}

export interface RecallSample {
  scope_id: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  preparations: number;
  ready_preparations: number;
  comparable_preparations: number;
  baseline_tokens: number;
  recalled_tokens: number;
  /** Items recalled by every preparation of the day, ready or not comparable alike. */
  recalled_items: number;
  /** The recalled content's UTF-8 bytes (`content_bytes`), summed over every preparation of the day. */
  recalled_bytes: number;
}

export interface StatsOperations {
  getInventory(scope_id: string): Promise<ScopeInventory>;
  addRecallSamples(samples: RecallSample[]): Promise<void>;
  readRecallDaily(scope_id: string, from_date: string, to_date: string): Promise<RecallSample[]>;
}
