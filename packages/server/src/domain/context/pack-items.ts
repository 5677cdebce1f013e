// Packing recalled items into PreparedContext content within a byte budget (contract §6.2).
import { excerpt } from "./excerpt.ts";
import {
  renderPreparedContent,
  truncateUtf8,
  utf8Length,
  type ArtifactReference,
  type MemoryCitation,
  type PreparedItem,
} from "@powercontext/protocol";

export const MAX_ITEMS = 8;
export const MAX_ITEM_BYTES = 2000;
/** An item cut shorter than this is dropped rather than shown as a stub. */
export const MIN_TRUNCATED_BYTES = 64;

/** A recalled Memory entry, or an approved Experience (cited by its artifact revision, with `kind`). */
export type RecallCandidate =
  | { citation: MemoryCitation; text: string; kind?: undefined }
  | { citation: { artifact_ref: ArtifactReference }; text: string; kind: "experience" };

/** Bytes of the rendered content with no items. */
const EMPTY_CONTENT_BYTES = utf8Length(renderPreparedContent([]));
/** About what an item's citation and fields take besides its text (ids are fixed-length). */
const CITATION_BYTES = 200;

/** A long text is cut to its matching sentences down to no less than this, whatever the budget. */
export const MIN_FOCUSED_BYTES = 240;

/**
 * Adds items greedily, best first, while the rendered content fits `maxBytes`. With the prompt's analyzer `terms`, a
 * text longer than its fair share of the budget (the budget over MAX_ITEMS, at least MIN_FOCUSED_BYTES) is first cut
 * to its sentences that hold the most terms (see excerpt.ts), so that long entries do not crowd out the rest. An item
 * that still does not fit is cut to the longest prefix (≥ MIN_TRUNCATED_BYTES of text) that does, or skipped.
 * `candidates` is consumed lazily: nothing is pulled once MAX_ITEMS items are packed.
 */
export function packItems(
  candidates: Iterable<RecallCandidate>,
  maxBytes: number,
  terms: ReadonlySet<string> = new Set(),
): PreparedItem[] {
  const items: PreparedItem[] = [];
  let used = EMPTY_CONTENT_BYTES;
  const share = Math.max(MIN_FOCUSED_BYTES, Math.floor((maxBytes - EMPTY_CONTENT_BYTES) / MAX_ITEMS) - CITATION_BYTES);
  for (const original of candidates) {
    const focused = terms.size > 0 ? excerpt(original.text, terms, Math.min(share, MAX_ITEM_BYTES)) : null;
    const candidate = focused?.focused ? { ...original, text: focused.text } : original;
    const first = focused?.focused ? focused : truncateUtf8(candidate.text, MAX_ITEM_BYTES);
    const separator = items.length > 0 ? 1 : 0;
    const whole = makeItem(candidate, first.text, first.truncated);
    const wholeBytes = itemBytes(whole) + separator;
    if (used + wholeBytes <= maxBytes) {
      items.push(whole);
      used += wholeBytes;
      if (items.length >= MAX_ITEMS) break;
      continue;
    }
    const cut = longestFittingCut(candidate, utf8Length(first.text), maxBytes - used - separator);
    if (cut) {
      items.push(cut);
      used += itemBytes(cut) + separator;
    }
    if (items.length >= MAX_ITEMS) break;
  }
  return items;
}

function longestFittingCut(candidate: RecallCandidate, textBytes: number, room: number): PreparedItem | null {
  let low = MIN_TRUNCATED_BYTES;
  let high = textBytes - 1;
  let best: PreparedItem | null = null;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const cut = truncateUtf8(candidate.text, middle);
    const item = makeItem(candidate, cut.text, true);
    if (itemBytes(item) <= room) {
      best = item;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

function makeItem(candidate: RecallCandidate, content: string, truncated: boolean): PreparedItem {
  if (candidate.kind === "experience") return { citation: candidate.citation, content, truncated, kind: "experience" };
  return { citation: candidate.citation, content, truncated };
}

function itemBytes(item: PreparedItem): number {
  return utf8Length(JSON.stringify(item));
}
