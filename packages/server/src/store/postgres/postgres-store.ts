// The distributed Store: PostgreSQL through a pg.Pool. Each write is one transaction that first locks its scope's
// row (captures: one statement that advances the scope's row, in per-scope batches), so Servers sharing the database
// serialize writes per scope; reads that take several statements share one snapshot. Driver errors are wrapped here,
// once.
import { memoryHead } from "../rows.ts";
import type { NewSource, Store } from "../types.ts";
import { batchCaptures } from "./capture-batches.ts";
import * as candidates from "./candidates.ts";
import { parseDatabaseUrl } from "./connection.ts";
import * as continuity from "./continuity.ts";
import { openDatabase, snapshot, transaction, type Database, type PostgresOptions } from "./database.ts";
import { wrapDriverError } from "./driver-errors.ts";
import * as journal from "./journal.ts";
import * as memory from "./memory.ts";
import { commitRevision } from "./memory-revision.ts";
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
    ping: () => query(async (sql) => void (await sql.run("SELECT 1"))),
    close: () => guard(() => database.close()),
  };
}
