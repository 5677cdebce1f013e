// Value types of the fold core. Messages are Pi's AgentMessage shapes, held structurally so the core never imports Pi.

/** One model-visible message as Pi projects it (user, assistant, toolResult, custom, …). */
export interface Message {
  role: string;
  content?: unknown;
  timestamp?: number;
  toolCallId?: string;
  toolName?: string;
  [key: string]: unknown;
}

/** One projected item of the live window: a session entry id (or a synthetic `@n` id) and its message. */
export interface Item {
  id: string;
  message: Message;
  /** False for messages without a session entry (synthetic ids): never folded. */
  foldable: boolean;
  /** The id of the latest `context_edit` entry that replaced this entry's content, when there is one. */
  rev?: string;
}

export type FoldOrigin = "agent" | "top-up" | "consolidation" | "overflow";

/** A committed fold: a contiguous span of exact session entries, collapsed to a brief unless expanded. */
export interface FoldRecord {
  id: string;
  /** Exact leaf entry ids, in order; the span is exactly these entries. */
  leaves: string[];
  /** Direct child fold ids (folds nested inside this span), in order. */
  children: string[];
  parent: string | null;
  /** SHA-256 (hex) of the canonical bytes of the leaf messages. */
  sha256: string;
  bytes: number;
  brief: string;
  origin: FoldOrigin;
  /** The commit that created it. */
  commit: number;
  expanded: boolean;
  /** The brief was written by the summarizer model rather than the deterministic writer. */
  summarized?: boolean;
  /** What the span holds, for the brief's index (absent on folds made before briefs carried one). */
  index?: SpanIndex;
  /** The user turns the span covers, counted from the branch's first message (1-based, inclusive). */
  turns?: [number, number];
  /** The one suggestion the commit that made this fold carried, shown under its brief (suggestion.ts). */
  suggestion?: string;
}

/** One suggestion shown at a commit: the fold it pointed at, and whether the agent took it (peek or expand). */
export interface SuggestionRecord {
  fold: string;
  commit: number;
  /** The brief that carried it. */
  carrier: string;
  terms: string[];
  taken: boolean;
}

/** A span's aim points: paths touched, commands run, recurring identifiers and headings; ranked and bounded. */
export interface SpanIndex {
  paths: string[];
  commands: string[];
  terms: string[];
}

/** A pending decision, applied at the next commit. Marks never change the window. */
export interface Mark {
  id: string;
  kind: "fold" | "refold" | "rebrief";
  /** fold: the span's first and last entry ids. */
  from?: string;
  to?: string;
  /** refold / rebrief: the fold addressed. */
  fold?: string;
  brief?: string;
  origin: "agent" | "top-up";
}

/** A protected span (entry ids inclusive); never folded, automatically or by a mark at commit. */
export interface Protection {
  id: string;
  from: string;
  to: string;
}

export interface CommitRecord {
  commit: number;
  trigger: "threshold" | "expand" | "person" | "overflow" | "tail";
  agentMarks: string[];
  topUp: string[];
  refused: { mark: string; reason: string }[];
  folded: string[];
  tokensBefore: number;
  tokensAfter: number;
  /** The fold this commit suggested, when it carried a suggestion. */
  suggested?: string;
}

/** Everything durable about one session's folds; persisted as a snapshot in a custom session entry. */
export interface FoldState {
  version: 1;
  folds: Record<string, FoldRecord>;
  marks: Mark[];
  protections: Protection[];
  commits: CommitRecord[];
  nextFold: number;
  nextMark: number;
  /** Entry ids of tool results written to evidence files: id → evidence sha256. */
  evidence: Record<string, string>;
  /** Entry ids of peek results: completed reads, always eligible for the tool rung. */
  peeks: string[];
  /** The latest suggestions and their outcomes (absent in states written before suggestions existed). */
  suggestions?: SuggestionRecord[];
  /** Folds never suggested again: two suggestions ignored, none taken. */
  silenced?: string[];
}

export interface Thresholds {
  maxTarget: number;
  minTarget: number;
  freshTail: number;
  consolidateAfter: number;
}

export interface Guidance {
  thresholdNotices: boolean;
  actionResponses: boolean;
}

export interface SummarizerChoice {
  provider: string;
  model: string;
  effort?: string;
}

export interface FoldOptions {
  thresholds: Thresholds;
  summarizer: "session" | "none" | SummarizerChoice;
  providerInputBudget: number | undefined;
  blacklistAutoFoldTools: ReadonlySet<string>;
  guidance: Guidance;
}
