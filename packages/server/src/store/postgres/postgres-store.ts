// The distributed Store: PostgreSQL through a pg.Pool. Each write is one transaction that first locks its scope's
// row (captures: one statement that advances the scope's row, in per-scope batches), so Servers sharing the database
// serialize writes per scope; reads that take several statements share one snapshot. Driver errors are wrapped here,
// once.
import { untilConflictAsync } from "../lifecycle-rows.ts";
import { memoryHead } from "../rows.ts";
import * as artifacts from "./artifacts.ts";
import type {
  ArtifactOperations,
  LifecycleOperations,
  NewSource,
  OverviewReads,
  PurgeOutcome,
  Store,
} from "../types.ts";
import { batchCaptures } from "./capture-batches.ts";
import * as candidates from "./candidates.ts";
import { parseDatabaseUrl } from "./connection.ts";
import * as continuity from "./continuity.ts";
import { postgresHandoffReportOperations } from "./handoff-reports.ts";
import { openDatabase, snapshot, transaction, type Database, type PostgresOptions } from "./database.ts";
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
import { createSql, type Sql } from "./sql.ts";
import * as stats from "./stats.ts";
import * as vectors from "./vectors.ts";

export type { PostgresOptions } from "./database.ts";

/**
 * Opens the store at `url` (`postgres://…`, optionally `?schema=name&pool_max=n`), creating the schema and applying
 * migrations as needed. Throws `schema_too_new` for a database written by a newer Server.
 */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<Store> {
  const target = parseDatabaseUrl(url);
  let database: Database;
  try {
    database = await openDatabase(target, options);
  } catch (error) {
    throw wrapDriverError(error, target.label, target.role);
  }
  return createPostgresStore(database);
}

/** A unit of work on one connection: a transaction, a snapshot of several reads, or one statement. */
type Access = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

function createPostgresStore(database: Database): Store {
  const { pool, target } = database;
  const direct = createSql(pool);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw wrapDriverError(error, target.label, target.role);
    }
  };
  const write = <T>(work: (sql: Sql) => Promise<T>): Promise<T> => guard(() => transaction(pool, work));
  const read = <T>(work: (sql: Sql) => Promise<T>): Promise<T> => guard(() => snapshot(pool, work));
  const query = <T>(work: (sql: Sql) => Promise<T>): Promise<T> => guard(() => work(direct));
  return {
    engine: "postgres",
    captureSource: batchCaptures((sources: NewSource[]) => query((sql) => journal.captureSources(sql, sources))),
    findSource: (scopeId, sourceId) => query((sql) => journal.findSource(sql, scopeId, sourceId)),
    readJournalWindow: (scopeId, limit) => query((sql) => journal.readJournalWindow(sql, scopeId, limit)),
    commitRevision: (commit) => write((sql) => commitRevision(sql, commit)),
    getMemoryHead: (scopeId) => query(async (sql) => memoryHead(await memory.headRevision(sql, scopeId))),
    readEntryAt: (scopeId, entryId, revision) => read((sql) => memory.readEntryAt(sql, scopeId, entryId, revision)),
    readHeads: (scopeId, headQuery) => read((sql) => memory.readHeads(sql, scopeId, headQuery)),
    listEntries: (scopeId, includeInactive) => read((sql) => memory.listEntries(sql, scopeId, includeInactive)),
    listChanges: (scopeId, since) => read((sql) => memory.listChanges(sql, scopeId, since)),
    searchMemory: (searchQuery) => read((sql) => search.searchMemory(sql, searchQuery)),
    termFrequencies: (scopeId, terms) => query((sql) => search.termFrequencies(sql, scopeId, terms)),
    readSearchHits: (scopeId, versionIds) => read((sql) => search.readSearchHits(sql, scopeId, versionIds)),
    readEntryOrigins: (scopeId, versionIds) => query((sql) => readEntryOrigins(sql, scopeId, versionIds)),
    readSessionNeighbours: (scopeId, anchors, radius, limit) =>
      query((sql) => readSessionNeighbours(sql, scopeId, anchors, radius, limit)),
    readWrittenNeighbours: (scopeId, revisions, radius, limit) =>
      query((sql) => readWrittenNeighbours(sql, scopeId, revisions, radius, limit)),
    readVectorHeads: (scopeId, model, since, page) =>
      read((sql) => vectors.readVectorHeads(sql, scopeId, model, since, page)),
    putEntryVectors: (model, writes) => query((sql) => vectors.putEntryVectors(sql, model, writes)),
    scopesMissingVectors: (model) => query((sql) => vectors.scopesMissingVectors(sql, model)),
    listCandidates: (listQuery) => query((sql) => candidates.listCandidates(sql, listQuery)),
    getCandidate: (scopeId, candidateId) => query((sql) => candidates.getCandidate(sql, scopeId, candidateId)),
    getInventory: (scopeId) => read((sql) => stats.getInventory(sql, scopeId)),
    addRecallSamples: (samples) => write((sql) => stats.addRecallSamples(sql, samples)),
    readRecallDaily: (scopeId, from, to) => query((sql) => stats.readRecallDaily(sql, scopeId, from, to)),
    getHandoffHead: (scopeId) => query((sql) => continuity.getHandoffHead(sql, scopeId)),
    getHandoffRevision: (scopeId, revision) => query((sql) => continuity.getHandoffRevision(sql, scopeId, revision)),
    commitHandoff: (commit) => write((sql) => continuity.commitHandoff(sql, commit)),
    getHandoffCursor: (scopeId) => query((sql) => continuity.getHandoffCursor(sql, scopeId)),
    advanceHandoffCursor: (scopeId, from, to) =>
      write((sql) => continuity.advanceHandoffCursor(sql, scopeId, from, to)),
    addModelUsage: (samples) => write((sql) => continuity.addModelUsage(sql, samples)),
    readModelUsage: (scopeId, from, to) => query((sql) => continuity.readModelUsage(sql, scopeId, from, to)),
    ...postgresHandoffReportOperations(read, write),
    ...artifactOperations(write, query),
    ...lifecycleOperations(read, write, query),
    ...overviewOperations(read, query),
    ping: () => query(async (sql) => void (await sql.run("SELECT 1"))),
    close: () => guard(() => database.close()),
  };
}

/** Experience and managed Skill: candidates, immutable revisions, and the Experiences recall reads. */
function artifactOperations(write: Access, query: Access): ArtifactOperations {
  return {
    artifactInventory: (scopeId) => query((sql) => artifacts.artifactInventory(sql, scopeId)),
    listArtifactCandidates: (listQuery) => query((sql) => artifacts.listArtifactCandidates(sql, listQuery)),
    getArtifactCandidate: (scopeId, candidateId) =>
      query((sql) => artifacts.getArtifactCandidate(sql, scopeId, candidateId)),
    commitArtifactCandidate: (commit) => write((sql) => artifacts.commitArtifactCandidate(sql, commit)),
    getArtifactRevision: (scopeId, ref) => query((sql) => artifacts.getArtifactRevision(sql, scopeId, ref)),
    getArtifactHead: (scopeId, family, artifactId) =>
      query((sql) => artifacts.getArtifactHead(sql, scopeId, family, artifactId)),
    searchExperiences: (scopeId, terms, limit) =>
      query((sql) => artifacts.searchExperiences(sql, scopeId, terms, limit)),
  };
}

/** Export, import and purge; a purge vacuums the tables afterwards (docs/security.md says what that guarantees). */
function lifecycleOperations(read: Access, write: Access, query: Access): LifecycleOperations {
  const purged = async (deletion: Promise<purge.PurgeDeletion>): Promise<PurgeOutcome> => {
    const done = await deletion;
    if (done === null) return { status: "not_found" };
    // The deletion is committed: a compaction that fails is reported as not done, and the next purge compacts again.
    const compacted = await query((sql) => purge.compact(sql)).catch(() => false);
    return { ...done, compacted };
  };
  return {
    readScopeCursors: (scopeId) => query((sql) => exports.readScopeCursors(sql, scopeId)),
    readSourcesAfter: (scopeId, page) => query((sql) => exports.readSourcesAfter(sql, scopeId, page)),
    readRevisionsAfter: (scopeId, page) => read((sql) => exports.readRevisionsAfter(sql, scopeId, page)),
    readCandidatesAfter: (scopeId, page) => read((sql) => exports.readCandidatesAfter(sql, scopeId, page)),
    readHandoffsAfter: (scopeId, page) => query((sql) => exports.readHandoffsAfter(sql, scopeId, page)),
    readArtifactCandidatesAfter: (scopeId, page) =>
      read((sql) => artifactLines.readArtifactCandidatesAfter(sql, scopeId, page)),
    readArtifactRevisionsAfter: (scopeId, page) =>
      query((sql) => artifactLines.readArtifactRevisionsAfter(sql, scopeId, page)),
    importSources: (scopeId, lines) =>
      write((sql) => untilConflictAsync(lines, (line) => imports.importSource(sql, scopeId, line))),
    importRevision: (scopeId, line) => write((sql) => imports.importRevision(sql, scopeId, line)),
    importCandidates: (scopeId, lines) =>
      write((sql) => untilConflictAsync(lines, (line) => imports.importCandidate(sql, scopeId, line))),
    importHandoff: (scopeId, line, key) => write((sql) => imports.importHandoff(sql, scopeId, line, key)),
    importArtifactCandidates: (scopeId, lines) =>
      write((sql) => untilConflictAsync(lines, (line) => artifactLines.importArtifactCandidate(sql, scopeId, line))),
    importArtifactRevisions: (scopeId, lines) =>
      write((sql) => untilConflictAsync(lines, (line) => artifactLines.importArtifactRevision(sql, scopeId, line))),
    purgeSource: (scopeId, sourceId, now) => purged(write((sql) => purge.purgeSource(sql, scopeId, sourceId, now))),
    purgeEntry: (scopeId, entryId, now) => purged(write((sql) => purge.purgeEntry(sql, scopeId, entryId, now))),
    purgeScope: (scopeId, now) => purged(write((sql) => purge.purgeScope(sql, scopeId, now))),
    listPurges: (scopeId) => query((sql) => purge.listPurges(sql, scopeId)),
  };
}

/** What the dashboard reads to show scopes, a page of entries, Sources, an entry's history and activity over time. */
function overviewOperations(read: Access, query: Access): OverviewReads {
  return {
    listEntryPage: (scopeId, entryQuery) => read((sql) => overview.listEntryPage(sql, scopeId, entryQuery)),
    listScopes: () => read((sql) => overview.listScopes(sql)),
    listSources: (scopeId, page) => query((sql) => overview.listSources(sql, scopeId, page)),
    listEntryChanges: (scopeId, entryId) => query((sql) => overview.listEntryChanges(sql, scopeId, entryId)),
    countSourcesByDay: (scopeId, from) => query((sql) => overview.countSourcesByDay(sql, scopeId, from)),
  };
}
