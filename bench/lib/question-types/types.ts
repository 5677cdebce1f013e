// The shapes of the question-type dataset: facts stated in chat Sources, the four kinds of question asked about them,
// and the multi-session conversation with its evidence turns.

/** What a fact template can fill in. */
export interface FactSlots {
  /** The component in prose, as the fact names it: "ledger service". */
  component: string;
  /** The component as an identifier (repo, package, directory): "ledger-svc". */
  slug: string;
  /** The value drawn for this fact ("pnpm", "7421", "Dana"). */
  value: string;
  /** A second value for facts that need two ("never npm or yarn"). */
  other: string;
}

/** One kind of project fact (package manager, dev port, on-call person …) and every way it is stated and asked. */
export interface FactTopic {
  name: string;
  values: readonly string[];
  others: readonly string[];
  /** How people state it in chat: terse, chatty, bullet, labelled. The rules extractor must keep each one. */
  statements: ReadonlyArray<(s: FactSlots) => string>;
  /** Questions that reuse a distinctive word of the statement ("What port does the ledger service listen on?"). */
  lexical: ReadonlyArray<(s: FactSlots) => string>;
  /**
   * Questions that share no content word with the statement; `alias` names the component in other words
   * ("the bookkeeping backend"). The dataset checks the no-shared-word rule and drops offenders.
   */
  paraphrase: ReadonlyArray<(alias: string) => string>;
  /** Coding-task prompts that need the fact without asking for it ("Bump backoffice to Ruby 3.3."). */
  tasks: ReadonlyArray<(s: FactSlots) => string>;
}

export type FactQuestionType = "lexical" | "paraphrase" | "task";

export interface TypedFact {
  id: string;
  topic: string;
  /** The Source whose content states the fact. */
  source_id: string;
  /** That Source's whole content (statement with its chat lead and tail). */
  content: string;
}

export interface TypedQuestion {
  fact_id: string;
  type: FactQuestionType;
  /** "short": the prompt alone; "long": inside pasted logs or code, as task prompts often arrive. */
  shape: "short" | "long";
  query: string;
}

export interface ChatSource {
  source_id: string;
  content: string;
  /** The chat session a conversation turn belongs to, sent as the capture's `metadata.session_id`. */
  session_id?: string;
}

export interface ConversationQuestion {
  id: string;
  detail: string;
  /** "work": tied to the session's task, which the question names; "personal": mentioned once in the history. */
  kind: "work" | "personal";
  query: string;
  /** The turns (Sources) that state the detail. */
  evidence_source_ids: readonly string[];
  /** Every turn of the session the detail was mentioned in. */
  session_source_ids: readonly string[];
}

/** The multi-session conversation set, in either variant, as the bench loads and asks it. */
export interface ConversationSet {
  /** "realistic" (LongMemEval-like) or "reworded" (every question in other words than its evidence). */
  name: string;
  sources: ChatSource[];
  /**
   * Whether the turns are written with `memory/remember`, one at a time in order, instead of captured and flushed:
   * each an entry holding the turn verbatim, citing no Source (the bench then finds a turn's entry by its text).
   */
  remembered?: boolean;
  questions: ConversationQuestion[];
  sessions: number;
}

/** What one session of the realistic set is about: a coding task, or something in the user's life. */
export interface SessionTopic {
  id: string;
  kind: "work" | "personal";
  /** What the user says they are doing, in the first turn: "upgrading the ledger service to Postgres 16". */
  opening: string;
  /** The topic as a noun phrase, as the session and most questions name it: "the ledger service Postgres upgrade". */
  name: string;
  /** The topic in other words, for the questions that paraphrase it. */
  paraphrases: readonly string[];
  /** Things that come up while on the topic, in user and assistant turns alike. */
  concerns: readonly string[];
  /** An identifier for code and logs (work) or a short handle of the topic (personal). */
  slug: string;
  /** The details that can come up in passing during a session on this topic. */
  details: readonly PassingDetail[];
}

/** A detail mentioned in passing in a session and asked about later. */
export interface PassingDetail {
  name: string;
  /** The detail as a noun phrase, for questions that ask about two at once: "the staging database". */
  noun: string;
  value: (next: () => number, topic: SessionTopic) => string;
  /**
   * Clauses of a user turn that state the value; `topic` is the topic's name. The first ones use the words a question
   * asks with, the last one does not, as people sometimes say a thing one way and ask about it another.
   */
  mentions: ReadonlyArray<(value: string, topic: string) => string>;
  /** The later question; `topic` names the session's topic, mostly as the session did, sometimes paraphrased. */
  asks: ReadonlyArray<(topic: string) => string>;
}
