// The embedded Store: node:sqlite in WAL mode. Each operation is one synchronous transaction, so operations on a
// connection are serialized; other processes on the same file wait on SQLite's write lock (busy timeout). Driver errors
// are wrapped here, once.
import type { DatabaseSync } from "node:sqlite";
import { memoryHead } from "../rows.ts";
import type {
  CandidateListQuery,
  EntryVectorWrite,
  HandoffCommit,
  HeadQuery,
  ModelUsageSample,
  RecallSample,
  RevisionCommit,
  MemorySearchQuery,
  NewSource,
  Store,
} from "../types.ts";
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
    captureSource: (source: NewSource) => capture(source).catch(wrap),
    findSource: (scopeId: string, sourceId: string) => read(() => journal.findSource(db, scopeId, sourceId)),
    readJournalWindow: (scopeId: string, limit: number) => read(() => journal.readJournalWindow(db, scopeId, limit)),
    commitRevision: (commit: RevisionCommit) => write(() => commitRevision(db, commit)),
    getMemoryHead: (scopeId: string) => read(() => memoryHead(memory.headRevision(db, scopeId))),
    readEntryAt: (scopeId: string, entryId: string, revision: number) =>
      read(() => memory.readEntryAt(db, scopeId, entryId, revision)),
    readHeads: (scopeId: string, query: HeadQuery) => read(() => memory.readHeads(db, scopeId, query)),
    listEntries: (scopeId: string, includeInactive: boolean) =>
      read(() => memory.listEntries(db, scopeId, includeInactive)),
    listChanges: (scopeId: string, since: number | null) => read(() => memory.listChanges(db, scopeId, since)),
    searchMemory: (query: MemorySearchQuery) => read(() => search.searchMemory(db, query)),
    termFrequencies: (_scopeId: string, terms: string[]) => read(() => search.termFrequencies(db, terms)),
    readSearchHits: (scopeId: string, versionIds: string[]) =>
      read(() => search.readSearchHits(db, scopeId, versionIds)),
    readVectorHeads: (scopeId: string, model: string, since: number, page: { after_key: number; limit: number }) =>
      read(() => vectors.readVectorHeads(db, scopeId, model, since, page)),
    putEntryVectors: (model: string, writes: EntryVectorWrite[]) =>
      write(() => vectors.putEntryVectors(db, model, writes)),
    scopesMissingVectors: (model: string) => read(() => vectors.scopesMissingVectors(db, model)),
    listCandidates: (query: CandidateListQuery) => read(() => candidates.listCandidates(db, query)),
    getCandidate: (scopeId: string, candidateId: string) =>
      read(() => candidates.getCandidate(db, scopeId, candidateId)),
    getInventory: (scopeId: string) => read(() => stats.getInventory(db, scopeId)),
    addRecallSamples: (samples: RecallSample[]) => write(() => stats.addRecallSamples(db, samples)),
    readRecallDaily: (scopeId: string, from: string, to: string) =>
      read(() => stats.readRecallDaily(db, scopeId, from, to)),
    getHandoffHead: (scopeId: string) => read(() => continuity.getHandoffHead(db, scopeId)),
    getHandoffRevision: (scopeId: string, revision: number) =>
      read(() => continuity.getHandoffRevision(db, scopeId, revision)),
    commitHandoff: (commit: HandoffCommit) => write(() => continuity.commitHandoff(db, commit)),
    getHandoffCursor: (scopeId: string) => read(() => continuity.getHandoffCursor(db, scopeId)),
    advanceHandoffCursor: (scopeId: string, from: number, to: number) =>
      write(() => continuity.advanceHandoffCursor(db, scopeId, from, to)),
    addModelUsage: (samples: ModelUsageSample[]) => write(() => continuity.addModelUsage(db, samples)),
    readModelUsage: (scopeId: string, from: string, to: string) =>
      read(() => continuity.readModelUsage(db, scopeId, from, to)),
    ping: () => read(() => void db.prepare("SELECT 1").get()),
    close: () => read(() => (db.isOpen ? db.close() : undefined)),
  };
}
