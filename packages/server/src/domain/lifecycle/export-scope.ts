// A scope's export: its lines in the order an import replays them, read from the store a page at a time, so that a
// scope of any size streams through without being held in memory.
import { type ExportCounts, type ExportLine, SCOPE_EXPORT_SCHEMA } from "@powercontext/protocol";
import type { ArtifactRevisionKey, PageAfter, Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import { refusalError } from "../refusals.ts";

/** Rows read per store call. */
export const EXPORT_PAGE_SIZE = 200;

export interface ExportOptions {
  scope_id: string;
  pageSize?: number;
}

/**
 * The scope's lines: header, Sources, revisions, candidates, Experience and Skill candidates, Experience and Skill
 * revisions, Handoff revisions, cursors, end. Rejects with `not_found`
 * before the first line when the scope holds nothing.
 */
export async function* exportScope(
  deps: { store: Store; clock: Clock },
  { scope_id, pageSize = EXPORT_PAGE_SIZE }: ExportOptions,
): AsyncGenerator<ExportLine> {
  const { store } = deps;
  const cursors = await store.readScopeCursors(scope_id);
  if (cursors === null) throw refusalError("scope_not_found", { scope_id });
  yield { type: "header", schema: SCOPE_EXPORT_SCHEMA, scope_id, exported_at: deps.clock.now().toISOString() };
  const counts: Required<ExportCounts> = {
    sources: 0,
    revisions: 0,
    candidates: 0,
    handoffs: 0,
    artifact_candidates: 0,
    artifact_revisions: 0,
  };
  for await (const line of pages(
    0,
    pageSize,
    (page) => store.readSourcesAfter(scope_id, page),
    (l) => l.position,
  )) {
    counts.sources += 1;
    yield line;
  }
  for await (const line of pages(
    0,
    pageSize,
    (page) => store.readRevisionsAfter(scope_id, page),
    (l) => l.revision,
  )) {
    counts.revisions += 1;
    yield line;
  }
  const byCandidate = (page: PageAfter<string>) => store.readCandidatesAfter(scope_id, page);
  for await (const line of pages("", pageSize, byCandidate, (l) => l.candidate.candidate_id)) {
    counts.candidates += 1;
    yield line;
  }
  yield* countedArtifacts(store, scope_id, pageSize, counts);
  for await (const line of pages(
    0,
    pageSize,
    (page) => store.readHandoffsAfter(scope_id, page),
    (l) => l.revision,
  )) {
    counts.handoffs += 1;
    yield line;
  }
  yield { type: "cursors", ...cursors };
  yield { type: "end", counts };
}

/** The scope's Experience and Skill candidates, then their revisions, counted into `counts`. */
async function* countedArtifacts(
  store: Store,
  scope_id: string,
  pageSize: number,
  counts: Required<ExportCounts>,
): AsyncGenerator<ExportLine> {
  const byCandidate = (page: PageAfter<string>) => store.readArtifactCandidatesAfter(scope_id, page);
  for await (const line of pages("", pageSize, byCandidate, (l) => l.candidate.candidate_id)) {
    counts.artifact_candidates += 1;
    yield line;
  }
  const byRevision = (page: PageAfter<ArtifactRevisionKey>) => store.readArtifactRevisionsAfter(scope_id, page);
  const first: ArtifactRevisionKey = { family: "", artifact_id: "", revision: 0 };
  for await (const line of pages(first, pageSize, byRevision, ({ family, artifact_id, revision }) => ({
    family,
    artifact_id,
    revision,
  }))) {
    counts.artifact_revisions += 1;
    yield line;
  }
}

/** Every row of a paged read, page after page until a short one. */
async function* pages<Key, Line>(
  start: Key,
  limit: number,
  read: (page: PageAfter<Key>) => Promise<Line[]>,
  keyOf: (line: Line) => Key,
): AsyncGenerator<Line> {
  for (let after = start; ; ) {
    const page = await read({ after, limit });
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < limit) return;
    after = keyOf(last);
  }
}
