// The embedded Store: node:sqlite in WAL mode. Each operation is one synchronous transaction, so operations on a
// connection are serialized; other processes on the same file wait on SQLite's write lock (busy timeout). Driver errors
// are wrapped here, once.
import type { DatabaseSync } from "node:sqlite";
import { untilConflict } from "../lifecycle-rows.ts";
import { memoryHead } from "../rows.ts";
import * as artifacts from "./artifacts.ts";
import type { ArtifactOperations, LifecycleOperations, OverviewReads, PurgeOutcome, Store } from "../types.ts";
import * as candidates from "./candidates.ts";
import * as continuity from "./continuity.ts";
import { sqliteHandoffReportOperations } from "./handoff-reports.ts";
import { openDatabase, transaction, type SqliteOptions } from "./database.ts";
import { batchCaptures } from "./capture-batches.ts";
import { wrapDriverError } from "./driver-errors.ts";
import * as journal from "./journal.ts";
import * as exports from "./lifecycle-export.ts";
import * as imports from "./lifecycle-import.ts";
import * as artifactLines from "./lifecycle-artifacts.ts";
import * as purge from "./purge.ts";
import * as memory from "./memory.ts";
import { commitRevision } from "./memory-revision.ts";
import { readEntryOrigins } from "./entry-origins.ts";
import { readSessionNeighbours } from "./session-neighbours.ts";
import { readWrittenNeighbours } from "./written-neighbours.ts";
import * as overview from "./overview.ts";
import * as search from "./search.ts";
import * as stats from "./stats.ts";
import { termFrequencies } from "./term-frequencies.ts";
import * as vectors from "./vectors.ts";

export type { SqliteOptions } from "./database.ts";

/** Opens (creating and migrating as needed) the embedded store at `path`, or in memory for ":memory:". */
export async function openSqliteStore(path: string, options: SqliteOptions = {}): Promise<Store> {
  let db: DatabaseSync;
  try {
    db = openDatabase(path, options);
  } catch (error) {
    throw wrapDriverError(error, path);
  }
  return createSqliteStore(db, path);
}

/** One synchronous unit of work run as a Store operation (a transaction for writes). */
type Access = <T>(work: () => T) => Promise<T>;

function createSqliteStore(db: DatabaseSync, path: string): Store {
  const wrap = (error: unknown): never => {
    throw wrapDriverError(error, path);
  };
  const write = <T>(work: () => T): Promise<T> =>
    Promise.resolve()
      .then(() => transaction(db, work))
      .catch(wrap);
  const read = <T>(work: () => T): Promise<T> => Promise.resolve().then(work).catch(wrap);
  const capture = batchCaptures(db);
  return {
    engine: "sqlite",
    captureSource: (source) => capture(source).catch(wrap),
    findSource: (scopeId, sourceId) => read(() => journal.findSource(db, scopeId, sourceId)),
    readJournalWindow: (scopeId, limit) => read(() => journal.readJournalWindow(db, scopeId, limit)),
    commitRevision: (commit) => write(() => commitRevision(db, commit)),
    getMemoryHead: (scopeId) => read(() => memoryHead(memory.headRevision(db, scopeId))),
    readEntryAt: (scopeId, entryId, revision) => read(() => memory.readEntryAt(db, scopeId, entryId, revision)),
    readHeads: (scopeId, query) => read(() => memory.readHeads(db, scopeId, query)),
    listEntries: (scopeId, includeInactive) => read(() => memory.listEntries(db, scopeId, includeInactive)),
    listChanges: (scopeId, since) => read(() => memory.listChanges(db, scopeId, since)),
    searchMemory: (query) => read(() => search.searchMemory(db, query)),
    termFrequencies: (_scopeId, terms) => read(() => termFrequencies(db, terms)),
    readSearchHits: (scopeId, versionIds) => read(() => search.readSearchHits(db, scopeId, versionIds)),
    readEntryOrigins: (scopeId, versionIds) => read(() => readEntryOrigins(db, scopeId, versionIds)),
    readSessionNeighbours: (scopeId, anchors, radius, limit) =>
      read(() => readSessionNeighbours(db, scopeId, anchors, radius, limit)),
    readWrittenNeighbours: (scopeId, revisions, radius, limit) =>
      read(() => readWrittenNeighbours(db, scopeId, revisions, radius, limit)),
    readVectorHeads: (scopeId, model, since, page) =>
      read(() => vectors.readVectorHeads(db, scopeId, model, since, page)),
    putEntryVectors: (model, writes) => write(() => vectors.putEntryVectors(db, model, writes)),
    scopesMissingVectors: (model) => read(() => vectors.scopesMissingVectors(db, model)),
    listCandidates: (query) => read(() => candidates.listCandidates(db, query)),
    getCandidate: (scopeId, candidateId) => read(() => candidates.getCandidate(db, scopeId, candidateId)),
    getInventory: (scopeId) => read(() => stats.getInventory(db, scopeId)),
    addRecallSamples: (samples) => write(() => stats.addRecallSamples(db, samples)),
    readRecallDaily: (scopeId, from, to) => read(() => stats.readRecallDaily(db, scopeId, from, to)),
    getHandoffHead: (scopeId) => read(() => continuity.getHandoffHead(db, scopeId)),
    getHandoffRevision: (scopeId, revision) => read(() => continuity.getHandoffRevision(db, scopeId, revision)),
    commitHandoff: (commit) => write(() => continuity.commitHandoff(db, commit)),
    getHandoffCursor: (scopeId) => read(() => continuity.getHandoffCursor(db, scopeId)),
    advanceHandoffCursor: (scopeId, from, to) => write(() => continuity.advanceHandoffCursor(db, scopeId, from, to)),
    addModelUsage: (samples) => write(() => continuity.addModelUsage(db, samples)),
    readModelUsage: (scopeId, from, to) => read(() => continuity.readModelUsage(db, scopeId, from, to)),
    ...sqliteHandoffReportOperations(db, read, write),
    ...artifactOperations(db, read, write),
    ...lifecycleOperations(db, path, read, write),
    ...overviewOperations(db, read),
    ping: () => read(() => void db.prepare("SELECT 1").get()),
    close: () => read(() => (db.isOpen ? db.close() : undefined)),
  };
}

/** Experience and managed Skill: candidates, immutable revisions, and the Experiences recall reads. */
function artifactOperations(db: DatabaseSync, read: Access, write: Access): ArtifactOperations {
  return {
    artifactInventory: (scopeId) => read(() => artifacts.artifactInventory(db, scopeId)),
    listArtifactCandidates: (query) => read(() => artifacts.listArtifactCandidates(db, query)),
    getArtifactCandidate: (scopeId, candidateId) =>
      read(() => artifacts.getArtifactCandidate(db, scopeId, candidateId)),
    commitArtifactCandidate: (commit) => write(() => artifacts.commitArtifactCandidate(db, commit)),
    getArtifactRevision: (scopeId, ref) => read(() => artifacts.getArtifactRevision(db, scopeId, ref)),
    getArtifactHead: (scopeId, family, artifactId) =>
      read(() => artifacts.getArtifactHead(db, scopeId, family, artifactId)),
    searchExperiences: (scopeId, terms, limit) => read(() => artifacts.searchExperiences(db, scopeId, terms, limit)),
  };
}

/** Export, import and purge; a purge compacts the file afterwards so the deleted bytes leave it. */
function lifecycleOperations(db: DatabaseSync, path: string, read: Access, write: Access): LifecycleOperations {
  const purged = async (deletion: Promise<purge.PurgeDeletion>): Promise<PurgeOutcome> => {
    const done = await deletion;
    if (done === null) return { status: "not_found" };
    // The deletion is committed: a compaction that fails (another process holding the write lock past the busy
    // timeout) is reported as not done, and the next purge compacts again.
    const compacted = await read(() => purge.compact(db, path === ":memory:")).catch(() => false);
    return { ...done, compacted };
  };
  return {
    readScopeCursors: (scopeId) => read(() => exports.readScopeCursors(db, scopeId)),
    readSourcesAfter: (scopeId, page) => read(() => exports.readSourcesAfter(db, scopeId, page)),
    readRevisionsAfter: (scopeId, page) => read(() => exports.readRevisionsAfter(db, scopeId, page)),
    readCandidatesAfter: (scopeId, page) => read(() => exports.readCandidatesAfter(db, scopeId, page)),
    readHandoffsAfter: (scopeId, page) => read(() => exports.readHandoffsAfter(db, scopeId, page)),
    readArtifactCandidatesAfter: (scopeId, page) =>
      read(() => artifactLines.readArtifactCandidatesAfter(db, scopeId, page)),
    readArtifactRevisionsAfter: (scopeId, page) =>
      read(() => artifactLines.readArtifactRevisionsAfter(db, scopeId, page)),
    importSources: (scopeId, lines) =>
      write(() => untilConflict(lines, (line) => imports.importSource(db, scopeId, line))),
    importRevision: (scopeId, line) => write(() => imports.importRevision(db, scopeId, line)),
    importCandidates: (scopeId, lines) =>
      write(() => untilConflict(lines, (line) => imports.importCandidate(db, scopeId, line))),
    importHandoff: (scopeId, line, key) => write(() => imports.importHandoff(db, scopeId, line, key)),
    importArtifactCandidates: (scopeId, lines) =>
      write(() => untilConflict(lines, (line) => artifactLines.importArtifactCandidate(db, scopeId, line))),
    importArtifactRevisions: (scopeId, lines) =>
      write(() => untilConflict(lines, (line) => artifactLines.importArtifactRevision(db, scopeId, line))),
    purgeSource: (scopeId, sourceId, now) => purged(write(() => purge.purgeSource(db, scopeId, sourceId, now))),
    purgeEntry: (scopeId, entryId, now) => purged(write(() => purge.purgeEntry(db, scopeId, entryId, now))),
    purgeScope: (scopeId, now) => purged(write(() => purge.purgeScope(db, scopeId, now))),
    listPurges: (scopeId) => read(() => purge.listPurges(db, scopeId)),
  };
}

/** What the dashboard reads to show scopes, a page of entries, Sources, an entry's history and activity over time. */
function overviewOperations(db: DatabaseSync, read: Access): OverviewReads {
  return {
    listEntryPage: (scopeId, query) => read(() => overview.listEntryPage(db, scopeId, query)),
    listScopes: () => read(() => overview.listScopes(db)),
    listSources: (scopeId, page) => read(() => overview.listSources(db, scopeId, page)),
    listEntryChanges: (scopeId, entryId) => read(() => overview.listEntryChanges(db, scopeId, entryId)),
    countSourcesByDay: (scopeId, from) => read(() => overview.countSourcesByDay(db, scopeId, from)),
  };
}
