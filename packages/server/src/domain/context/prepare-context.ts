// prepare_context: bounded, cited, untrusted recall for one query (PreparedContext v1).
import {
  EMPTY_PREPARED_CONTEXT,
  renderPreparedContent,
  utf8Length,
  type PreparedContext,
} from "@powercontext/protocol";
import type { Store } from "../../store/types.ts";
import { termSetSimilarity } from "../../search/analyze.ts";
import { searchRanked } from "../memory/search-memory.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import { packItems, type RecallCandidate } from "./pack-items.ts";
import type { PreparedItem } from "@powercontext/protocol";

export const DEFAULT_MAX_BYTES = 8000;
const RECALL_LIMIT = 16;
/** A recalled entry whose term set is at least this similar to a better-ranked one adds nothing and is left out. */
export const PACK_NEAR_DUPLICATE = 0.8;

export interface PrepareContextRequest {
  scope_id: string;
  query: string;
  max_bytes?: number;
}

export interface PreparedRecall {
  context: PreparedContext;
  items: PreparedItem[];
  /** Sources behind the recalled items, for recall statistics. */
  source_ids: string[];
  /** True when every recalled item cites at least one Source (so a baseline size is known). */
  comparable: boolean;
}

export async function prepareContext(deps: { store: Store }, request: PrepareContextRequest): Promise<PreparedRecall> {
  const maxBytes = request.max_bytes ?? DEFAULT_MAX_BYTES;
  const { ranked } = await searchRanked(deps.store, request.scope_id, request.query, RECALL_LIMIT);
  const seenEntries = new Set<string>();
  const seenTexts = new Set<string>();
  const keptTerms: Array<ReadonlySet<string>> = [];
  const candidates: RecallCandidate[] = [];
  const sourcesByEntry = new Map<string, string[]>();
  for (const { hit } of ranked) {
    const { entry } = hit;
    if (seenEntries.has(entry.citation.entry_id) || seenTexts.has(entry.text)) continue;
    const terms = new Set(hit.search_text.split(" "));
    if (keptTerms.some((kept) => termSetSimilarity(kept, terms) >= PACK_NEAR_DUPLICATE)) continue;
    seenEntries.add(entry.citation.entry_id);
    seenTexts.add(entry.text);
    keptTerms.push(terms);
    candidates.push({ citation: entry.citation, text: scrubText(entry.text) });
    sourcesByEntry.set(
      entry.citation.entry_id,
      entry.source_refs.map((ref) => ref.source_id),
    );
  }
  const items = packItems(candidates, maxBytes);
  if (items.length === 0) return { context: EMPTY_PREPARED_CONTEXT, items, source_ids: [], comparable: false };
  const content = renderPreparedContent(items);
  const cited = items.map((item) =>
    "entry_id" in item.citation ? (sourcesByEntry.get(item.citation.entry_id) ?? []) : [],
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
  };
}
