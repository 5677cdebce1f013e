// The review inbox for people: a page of pending Memory candidates with the Sources they came from. Experience and
// Skill candidates join this inbox when their families are served (each family one more section).
import type { MemoryCandidate, StoredSource, Store } from "../../store/types.ts";

/** The most candidates one page shows (the candidates listing's own maximum). */
export const INBOX_PAGE_SIZE = 100;

export interface ReviewInbox {
  candidates: MemoryCandidate[];
  next_cursor: string | null;
  sources: Map<string, StoredSource | null>;
}

export async function readReviewInbox(
  deps: { store: Store },
  request: { scope_id: string; cursor: string | null },
): Promise<ReviewInbox> {
  const page = await deps.store.listCandidates({
    scope_id: request.scope_id,
    status: "pending",
    cursor: request.cursor,
    limit: INBOX_PAGE_SIZE,
  });
  const sources = new Map<string, StoredSource | null>();
  for (const candidate of page.candidates) {
    for (const ref of candidate.source_refs) {
      if (!sources.has(ref.source_id)) {
        sources.set(ref.source_id, await deps.store.findSource(request.scope_id, ref.source_id));
      }
    }
  }
  return { candidates: page.candidates, next_cursor: page.next_cursor, sources };
}
