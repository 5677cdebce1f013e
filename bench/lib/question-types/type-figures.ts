// Figures of the question-type bench. Fact questions: hit@k and MRR on the item citing the fact's Source, plus whether
// the recalled context includes it at all. Conversation questions: whether the top 10 point at the right session,
// how many of the evidence turns they hold, and the reciprocal rank of the first evidence turn.
import { judge, qualityFigures } from "../retrieval-metrics.ts";
import type { RecalledItem } from "./recall-paths.ts";

export interface FactFigures {
  questions: number;
  "hit@1": number;
  "hit@5": number;
  "hit@10": number;
  mrr: number;
  /** Share of questions whose whole answer has an item citing the fact's Source ("prepare includes the fact"). */
  includes: number;
}

/** 1-based rank of the first item citing `wanted`, or null. */
export function factRank(items: readonly RecalledItem[], wanted: string): number | null {
  return judge(items, wanted).rank;
}

export function factFigures(ranks: ReadonlyArray<number | null>): FactFigures {
  const figures = qualityFigures(
    ranks.map((rank) => ({ rank, relevant_bytes: 0, recalled_bytes: 0, empty: false, stale_first: false })),
  );
  return {
    questions: figures.questions,
    "hit@1": figures["hit@1"],
    "hit@5": figures["hit@5"],
    "hit@10": figures["hit@10"],
    mrr: figures.mrr,
    includes: share(ranks.filter((rank) => rank !== null).length, ranks.length),
  };
}

export interface ConversationJudged {
  session_hit: boolean;
  turn_recall: number;
  reciprocal_rank: number;
}

export interface ConversationFigures {
  questions: number;
  "session_hit@10": number;
  "turn_recall@10": number;
  mrr: number;
}

const TOP = 10;

/**
 * Judges the first 10 items. An item points at a session only when every Source it cites belongs to that one session:
 * a boilerplate turn merged across many sessions ("can you show me the diff?") identifies none of them.
 */
export function judgeConversation(
  items: readonly RecalledItem[],
  evidence: ReadonlySet<string>,
  session: ReadonlySet<string>,
): ConversationJudged {
  const top = items.slice(0, TOP);
  const found = new Set<string>();
  let firstRank: number | null = null;
  let sessionHit = false;
  for (const [index, item] of top.entries()) {
    if (item.source_ids.length > 0 && item.source_ids.every((id) => session.has(id))) sessionHit = true;
    for (const id of item.source_ids) {
      if (!evidence.has(id)) continue;
      found.add(id);
      firstRank ??= index + 1;
    }
  }
  return {
    session_hit: sessionHit,
    turn_recall: evidence.size === 0 ? 0 : found.size / evidence.size,
    reciprocal_rank: firstRank === null ? 0 : 1 / firstRank,
  };
}

export function conversationFigures(judged: readonly ConversationJudged[]): ConversationFigures {
  const n = judged.length;
  const mean = (value: (j: ConversationJudged) => number) =>
    n === 0 ? 0 : round(judged.reduce((sum, j) => sum + value(j), 0) / n);
  return {
    questions: n,
    "session_hit@10": mean((j) => (j.session_hit ? 1 : 0)),
    "turn_recall@10": mean((j) => j.turn_recall),
    mrr: mean((j) => j.reciprocal_rank),
  };
}

function share(count: number, total: number): number {
  return total === 0 ? 0 : round(count / total);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
