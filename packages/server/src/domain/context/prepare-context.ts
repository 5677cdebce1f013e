// prepare_context: bounded, cited, untrusted recall for one query (PreparedContext v1).
import {
  EMPTY_PREPARED_CONTEXT,
  renderPreparedContent,
  utf8Length,
  type PrepareContextRequest,
  type PreparedContext,
} from "@powercontext/protocol";
import type { Store } from "../../store/types.ts";
import { rankRecall, type RecallDeps } from "../memory/recall-ranking.ts";
import type { RankedHit } from "../../search/rank.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import { interleave, recallExperiences } from "./experience-recall.ts";
import type { RecentRecalls } from "../stats/recent-recalls.ts";
import { NearDuplicateFilter } from "./near-duplicates.ts";
import { packItems, type RecallCandidate } from "./pack-items.ts";
import type { PreparedItem } from "@powercontext/protocol";

export const DEFAULT_MAX_BYTES = 8000;
const RECALL_LIMIT = 16;
/** A recalled entry whose term set is at least this similar to a better-ranked one adds nothing and is left out. */
export const PACK_NEAR_DUPLICATE = 0.8;

export interface PreparedRecall {
  context: PreparedContext;
  items: PreparedItem[];
  /** Sources behind the recalled items, for recall statistics. */
  source_ids: string[];
  /** True when every recalled item cites at least one Source (so a baseline size is known). */
  comparable: boolean;
  /** The ranking score of each item, in the items' order. */
  scores: number[];
}

/** Where recall statistics go (the RecallRecorder): told about every preparation, never awaited. */
export interface RecallStatistics {
  record(
    scopeId: string,
    prepared: { ready: boolean; content: string | null; source_ids: string[]; comparable: boolean } & RecalledSize,
  ): void;
}

/** How much one preparation recalled: its items and the content's UTF-8 bytes. */
export interface RecalledSize {
  items: number;
  bytes: number;
}

export interface PrepareDeps {
  store: Store;
  semantic?: RecallDeps["semantic"];
  endpoint?: RecallDeps["endpoint"];
  tuning?: RecallDeps["tuning"];
  /** Absent: nothing is recorded (benchmarks, tools). */
  statistics?: RecallStatistics;
  /** The in-memory log of recent recalls people can inspect; absent: nothing is logged. */
  recent?: RecentRecalls;
}

/** Prepares the recall for one prompt and records its statistics. */
export async function prepareContext(deps: PrepareDeps, request: PrepareContextRequest): Promise<PreparedRecall> {
  const prepared = await prepare(deps, request);
  deps.statistics?.record(request.scope_id, {
    ready: prepared.context.status === "ready",
    content: prepared.context.content,
    source_ids: prepared.source_ids,
    comparable: prepared.comparable,
    items: prepared.items.length,
    bytes: prepared.context.content_bytes,
  });
  deps.recent?.record({
    scope_id: request.scope_id,
    prompt: request.query,
    content_bytes: prepared.context.content_bytes,
    items: prepared.items,
    scores: prepared.scores,
  });
  return prepared;
}

async function prepare(deps: PrepareDeps, request: PrepareContextRequest): Promise<PreparedRecall> {
  const maxBytes = request.max_bytes ?? DEFAULT_MAX_BYTES;
  const { ranked, terms } = await rankRecall(
    {
      store: deps.store,
      semantic: deps.semantic ?? null,
      endpoint: deps.endpoint ?? null,
      ...(deps.tuning && { tuning: deps.tuning }),
    },
    request.scope_id,
    request.query,
    RECALL_LIMIT,
  );
  const sourcesByEntry = new Map<string, string[]>();
  const experiences = await recallExperiences(deps.store, request.scope_id, terms);
  const candidates = interleave(distinctCandidates(ranked, sourcesByEntry), experiences);
  const items = packItems(candidates, maxBytes, new Set(terms));
  if (items.length === 0) {
    return { context: EMPTY_PREPARED_CONTEXT, items, source_ids: [], comparable: false, scores: [] };
  }
  const scoreOf = new Map(ranked.map(({ hit, score }) => [hit.entry.citation.entry_id, score]));
  const content = renderPreparedContent(items);
  const sourcesByArtifact = new Map(experiences.map((e) => [e.citation.artifact_ref.artifact_id, e.source_ids]));
  const cited = items.map((item) =>
    "entry_id" in item.citation
      ? (sourcesByEntry.get(item.citation.entry_id) ?? [])
      : (sourcesByArtifact.get(item.citation.artifact_ref.artifact_id) ?? []),
  );
  return {
    context: {
      schema: "powercontext.prepared-context.v1",
      status: "ready",
      content,
      content_bytes: utf8Length(content),
    },
    items,
    source_ids: [...new Set(cited.flat())],
    comparable: cited.every((ids) => ids.length > 0),
    scores: items.map((item) => ("entry_id" in item.citation ? (scoreOf.get(item.citation.entry_id) ?? 0) : 0)),
  };
}

/**
 * The ranked hits as pack candidates, best first, without repeats (same entry, same text, or a term set at least
 * PACK_NEAR_DUPLICATE similar to an earlier one), scrubbed of secrets. Lazy, so that the dedupe and the scrub run only
 * for the hits packing reaches; records each yielded entry's Sources in `sourcesByEntry`.
 */
function* distinctCandidates(
  ranked: readonly RankedHit[],
  sourcesByEntry: Map<string, string[]>,
): Generator<RecallCandidate, void, undefined> {
  const seenTexts = new Set<string>();
  const distinct = new NearDuplicateFilter(PACK_NEAR_DUPLICATE);
  for (const { hit } of ranked) {
    const { entry } = hit;
    if (sourcesByEntry.has(entry.citation.entry_id) || seenTexts.has(entry.text)) continue;
    if (!distinct.admit(hit.search_text)) continue;
    seenTexts.add(entry.text);
    sourcesByEntry.set(
      entry.citation.entry_id,
      entry.source_refs.map((ref) => ref.source_id),
    );
    yield { citation: entry.citation, text: scrubText(entry.text) };
  }
}
