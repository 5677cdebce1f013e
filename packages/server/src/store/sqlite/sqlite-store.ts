// The embedded Store: node:sqlite in WAL mode. Each operation is one synchronous transaction, so operations on a
// connection are serialized; other processes on the same file wait on SQLite's write lock (busy timeout). Driver errors
// are wrapped here, once.
import type { DatabaseSync } from "node:sqlite";
import { memoryHead } from "../rows.ts";
import type { Store } from "../types.ts";
import * as candidates from "./candidates.ts";
import * as continuity from "./continuity.ts";
import { openDatabase, transaction, type SqliteOptions } from "./database.ts";
import { batchCaptures } from "./capture-batches.ts";
import { wrapDriverError } from "./driver-errors.ts";
import * as journal from "./journal.ts";
import * as memory from "./memory.ts";
import { commitRevision } from "./memory-revision.ts";
import * as search from "./search.ts";
import * as stats from "./stats.ts";
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
    termFrequencies: (_scopeId, terms) => read(() => search.termFrequencies(db, terms)),
    readSearchHits: (scopeId, versionIds) => read(() => search.readSearchHits(db, scopeId, versionIds)),
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
    ping: () => read(() => void db.prepare("SELECT 1").get()),
    close: () => read(() => (db.isOpen ? db.close() : undefined)),
  };
}
