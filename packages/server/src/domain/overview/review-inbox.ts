// The review inbox for people: a page of pending Memory candidates, and the pending Experience and Skill candidates
// (on the first page), with the Sources they came from.
import type { ArtifactCandidate } from "@powercontext/protocol";
import type { MemoryCandidate, StoredSource, Store } from "../../store/types.ts";
import { listArtifactCandidates } from "../artifacts/review-inbox.ts";

/** The most candidates one page shows (the candidates listing's own maximum). */
export const INBOX_PAGE_SIZE = 100;

export interface ReviewInbox {
  candidates: MemoryCandidate[];
  next_cursor: string | null;
  /** Pending Experience and Skill candidates: the first page of them, shown with the first page of Memory's. */
  artifacts: ArtifactCandidate[];
  /** Whether more artifact candidates wait than the page shows (they appear as these are decided). */
  more_artifacts: boolean;
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
  const artifactPage =
    request.cursor === null
      ? await listArtifactCandidates(deps, { scope_id: request.scope_id, limit: INBOX_PAGE_SIZE })
      : { candidates: [], next_cursor: null };
  const sources = new Map<string, StoredSource | null>();
  for (const candidate of [...page.candidates, ...artifactPage.candidates]) {
    for (const ref of candidate.source_refs) {
      if (!sources.has(ref.source_id)) {
        sources.set(ref.source_id, await deps.store.findSource(request.scope_id, ref.source_id));
      }
    }
  }
  return {
    candidates: page.candidates,
    next_cursor: page.next_cursor,
    artifacts: artifactPage.candidates,
    more_artifacts: artifactPage.next_cursor !== null,
    sources,
  };
}
