// Retrieval quality figures: hit@k, mean reciprocal rank, and the share of recalled bytes that are relevant.

export interface Judged {
  /** 1-based rank of the first recalled item citing the wanted Source, or null when none does. */
  rank: number | null;
  relevant_bytes: number;
  recalled_bytes: number;
  /** True when recall returned nothing at all. */
  empty: boolean;
  /** True when an item citing the superseded Source ranks above every item citing the current one (or alone). */
  stale_first: boolean;
}

export interface QualityFigures {
  questions: number;
  "hit@1": number;
  "hit@5": number;
  "hit@10": number;
  mrr: number;
  /** Relevant bytes over recalled bytes, summed over all questions. */
  relevant_byte_share: number;
  empty_share: number;
  /** Share of the questions about a changed fact whose superseded statement comes first; null without such facts. */
  stale_first_share: number | null;
}

export function qualityFigures(judged: readonly Judged[], staleAsked = 0): QualityFigures {
  const n = judged.length;
  const share = (count: number) => (n === 0 ? 0 : round(count / n));
  const hits = (k: number) => share(judged.filter((j) => j.rank !== null && j.rank <= k).length);
  const recalled = judged.reduce((sum, j) => sum + j.recalled_bytes, 0);
  const relevant = judged.reduce((sum, j) => sum + j.relevant_bytes, 0);
  return {
    questions: n,
    "hit@1": hits(1),
    "hit@5": hits(5),
    "hit@10": hits(10),
    mrr: n === 0 ? 0 : round(judged.reduce((sum, j) => sum + (j.rank === null ? 0 : 1 / j.rank), 0) / n),
    relevant_byte_share: recalled === 0 ? 0 : round(relevant / recalled),
    empty_share: share(judged.filter((j) => j.empty).length),
    stale_first_share: staleAsked === 0 ? null : round(judged.filter((j) => j.stale_first).length / staleAsked),
  };
}

/** Judges one recall: `items` in recalled order, each with the Sources its entry cites and its byte size. */
export function judge(
  items: ReadonlyArray<{ source_ids: readonly string[]; bytes: number }>,
  wanted: string,
  stale: string | null = null,
): Judged {
  let rank: number | null = null;
  let staleRank: number | null = null;
  let relevant = 0;
  let recalled = 0;
  for (const [index, item] of items.entries()) {
    recalled += item.bytes;
    if (stale !== null && item.source_ids.includes(stale)) staleRank ??= index + 1;
    if (!item.source_ids.includes(wanted)) continue;
    relevant += item.bytes;
    rank ??= index + 1;
  }
  const staleFirst = staleRank !== null && (rank === null || staleRank < rank);
  return {
    rank,
    relevant_bytes: relevant,
    recalled_bytes: recalled,
    empty: items.length === 0,
    stale_first: staleFirst,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
