// The durable store: every read and publication runs under the one store lock. A publication checks its captured
// basis (compare-and-swap per supplied scope), replaces each scope file with file + directory fsync, and, when it
// spans several scopes, first records a journal so that a failure or a crash restores exactly the bytes that still
// match its own output. A journal left by a dead writer is rolled back by the next lock holder.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { sha256Hex } from "@powercontext/protocol";
import {
  discardStaged,
  ensureDirectory,
  fsyncDirectory,
  publishStaged,
  readOwnedFile,
  removeOwnedFile,
  replaceFile,
  type StagedFile,
  stageFile,
} from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import { reconstructibleAt } from "./fork.ts";
import { appendPatch } from "./history.ts";
import { applyTransition } from "./patch.ts";
import { loadStream, readStream, scopePath, serializeHead, type LoadedStream } from "./scope-files.ts";
import { SCOPES_DIRECTORY } from "./scopes.ts";
import { acquireLock } from "./store-lock.ts";
import { SCOPES, type ScopeHead, type ScopeName, type TransitionRequest, type View, type ViewKeys } from "./types.ts";

export const LOCK_FILE = "store.lock";
export const JOURNAL_FILE = "transaction.json";

export interface StoreOptions {
  root: string;
  now?: () => Date;
  lockTimeoutMs?: number;
  /** Called after each head is replaced (test seam for crash injection); `index` counts from 0. */
  afterHeadWritten?: (index: number, total: number) => void;
}

export type PublishResult =
  | { status: "committed"; view: View; transition: string; seq: number; revisions: Partial<Record<ScopeName, number>> }
  | { status: "conflict"; scopes: ScopeName[]; view: View };

export interface StateStore {
  readonly root: string;
  /**
   * The current view of three scopes, read under the lock (after rolling back any dead writer's journal). A scope
   * whose file still has the bytes of `known`'s stream reuses it unparsed.
   */
  readView(keys: ViewKeys, known?: View): Promise<View>;
  /** Publishes a transition against `basis`; all supplied scopes commit together or none does. */
  publish(keys: ViewKeys, basis: View, request: TransitionRequest): Promise<PublishResult>;
  /**
   * Copies a session stream, as of `atSeq` (null: its current state), to a new session key with a fresh origin; an
   * existing target is left as it is. Throws `fork_point_folded` when `atSeq` precedes the source's checkpoint.
   */
  copySession(keys: ViewKeys, fromKey: string, atSeq: number | null): Promise<View>;
  /** Runs `work` while holding the store lock. */
  locked<T>(work: () => Promise<T> | T): Promise<T>;
}

interface JournalWrite {
  path: string;
  before: string | null;
  after_sha256: string;
}

interface Journal {
  format: "powercontext.state.journal.v1";
  id: string;
  pid: number;
  writes: JournalWrite[];
}

/** Restores each written path whose bytes still equal this writer's output (newest first). */
function restoreOwnOutputs(root: string, journal: Journal): void {
  for (const write of [...journal.writes].reverse()) {
    const path = join(root, write.path);
    const current = readOwnedFile(path);
    if (current === null || sha256Hex(current) !== write.after_sha256) continue;
    if (write.before === null) removeOwnedFile(path);
    else replaceFile(path, write.before);
  }
}

function readJournal(root: string): Journal | null {
  const bytes = readOwnedFile(join(root, JOURNAL_FILE));
  if (bytes === null) return null;
  try {
    const journal = JSON.parse(bytes.toString("utf8")) as Journal;
    if (journal.format === "powercontext.state.journal.v1" && Array.isArray(journal.writes)) return journal;
  } catch {
    // fall through
  }
  throw new StateError("corrupt_store", `${JOURNAL_FILE} is not a journal; inspect it by hand.`);
}

/** Rolls back the journal of a publication that never finished (its writer died holding the lock). */
export function recoverJournal(root: string): boolean {
  const journal = readJournal(root);
  if (journal === null) return false;
  restoreOwnOutputs(root, journal);
  removeOwnedFile(join(root, JOURNAL_FILE));
  return true;
}

/** Reads the three scope files; a file whose bytes still hash to the `known` stream's basis is not parsed again. */
function readLive(root: string, keys: ViewKeys, known?: View): Record<ScopeName, LoadedStream> {
  const reuse = (scope: ScopeName) => (known?.[scope].key === keys[scope] ? known[scope] : undefined);
  return {
    global: readStream(root, "global", keys.global, reuse("global")),
    cwd: readStream(root, "cwd", keys.cwd, reuse("cwd")),
    session: readStream(root, "session", keys.session, reuse("session")),
  };
}

function loadView(root: string, keys: ViewKeys, known?: View): View {
  const live = readLive(root, keys, known);
  return { global: live.global.stream, cwd: live.cwd.stream, session: live.session.stream };
}

function maxSeq(view: View): number {
  return Math.max(
    0,
    ...SCOPES.map((scope) => view[scope].head?.seq ?? 0),
    ...SCOPES.map((scope) => view[scope].head?.origin_seq ?? 0),
  );
}

interface PreparedScope {
  path: string;
  bytes: string;
  sha256: string;
  before: Buffer | null;
}

function prepare(root: string, scope: ScopeName, head: ScopeHead, before: Buffer | null): PreparedScope {
  const bytes = serializeHead(head);
  return { path: scopePath(root, scope, head.key), bytes, sha256: sha256Hex(bytes), before };
}

function failed(error: unknown, restored: boolean): StateError {
  return new StateError(
    "publication_failed",
    restored
      ? "writing the state failed; the previous state was restored."
      : "writing the state failed before anything became visible; nothing was written.",
    { cause: error },
  );
}

/**
 * Publishes prepared scope files. One file: replace it (file fsync), fsync the directory. Several files: the journal
 * and every file are staged as temporary files whose fsyncs run concurrently (nothing is visible yet); the journal is
 * renamed in and made durable (root directory fsync) before any scope file is renamed; then every file, one fsync of
 * the scopes directory, and the journal's durable removal acknowledges the transition. Same fsyncs, same order of
 * visibility as writing them one by one.
 */
async function writeScopes(
  root: string,
  prepared: PreparedScope[],
  transition: string,
  afterHeadWritten: StoreOptions["afterHeadWritten"],
): Promise<void> {
  const directory = ensureDirectory(root, SCOPES_DIRECTORY);
  const journal: Journal = {
    format: "powercontext.state.journal.v1",
    id: transition,
    pid: process.pid,
    writes: prepared.map((item) => ({
      path: item.path.slice(root.length + 1),
      before: item.before === null ? null : item.before.toString("utf8"),
      after_sha256: item.sha256,
    })),
  };
  const journalPath = join(root, JOURNAL_FILE);
  if (prepared.length === 1) {
    const [item] = prepared as [PreparedScope];
    try {
      replaceFile(item.path, item.bytes, { syncDirectory: false });
      afterHeadWritten?.(0, 1);
      fsyncDirectory(directory);
    } catch (error) {
      restoreOwnOutputs(root, journal);
      throw failed(error, true);
    }
    return;
  }
  const settled = await Promise.allSettled([
    stageFile(journalPath, JSON.stringify(journal)),
    ...prepared.map((item) => stageFile(item.path, item.bytes)),
  ]);
  const staged = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const rejected = settled.find((result) => result.status === "rejected");
  if (rejected !== undefined) {
    for (const file of staged) discardStaged(file);
    throw failed(rejected.reason, false);
  }
  const [journalFile, ...files] = staged as [StagedFile, ...StagedFile[]];
  try {
    publishStaged(journalFile);
    fsyncDirectory(root);
  } catch (error) {
    for (const file of files) discardStaged(file);
    removeOwnedFile(journalPath);
    throw failed(error, false);
  }
  let published = 0;
  try {
    for (const file of files) {
      publishStaged(file);
      published += 1;
      afterHeadWritten?.(published - 1, files.length);
    }
    fsyncDirectory(directory);
  } catch (error) {
    for (const file of files.slice(published)) discardStaged(file);
    restoreOwnOutputs(root, journal);
    removeOwnedFile(journalPath);
    throw failed(error, true);
  }
  removeOwnedFile(journalPath);
}

export function openStateStore({
  root,
  now = () => new Date(),
  lockTimeoutMs = 5_000,
  afterHeadWritten,
}: StoreOptions): StateStore {
  const locked = async <T>(work: () => Promise<T> | T): Promise<T> => {
    ensureDirectory(root, "");
    const lock = await acquireLock(join(root, LOCK_FILE), { timeoutMs: lockTimeoutMs });
    try {
      recoverJournal(root);
      return await work();
    } finally {
      lock.release();
    }
  };

  return {
    root,
    locked,
    readView: (keys, known) => locked(() => loadView(root, keys, known)),
    publish: (keys, basis, request) =>
      locked(async () => {
        const files = readLive(root, keys, basis);
        const live: View = { global: files.global.stream, cwd: files.cwd.stream, session: files.session.stream };
        const touched = SCOPES.filter((scope) => request.patches[scope] !== undefined);
        const conflicts = touched.filter((scope) => live[scope].basis !== basis[scope].basis);
        if (conflicts.length > 0) return { status: "conflict", scopes: conflicts, view: live };
        const next = applyTransition(
          { global: live.global.current, cwd: live.cwd.current, session: live.session.current },
          request,
        );
        const at = now();
        const seq = Math.max(at.getTime() * 1000, maxSeq(live) + 1);
        const transition = `tr_${randomBytes(8).toString("hex")}`;
        const prepared: PreparedScope[] = [];
        const revisions: Partial<Record<ScopeName, number>> = {};
        const view: View = { ...live };
        for (const scope of touched) {
          const current = next[scope] ?? live[scope].current;
          const appended = appendPatch(live[scope], request.patches[scope] ?? {}, current, {
            seq,
            transition,
            at: at.toISOString(),
          });
          const item = prepare(root, scope, appended.head, files[scope].bytes);
          prepared.push(item);
          revisions[scope] = appended.head.revision;
          // The written bytes are exactly this head serialized, so the new view needs no re-read.
          view[scope] = {
            ...live[scope],
            head: appended.head,
            checkpoint: appended.checkpoint,
            current,
            basis: item.sha256,
          };
        }
        await writeScopes(root, prepared, transition, afterHeadWritten);
        return { status: "committed", view, transition, seq, revisions };
      }),
    copySession: (keys, fromKey, atSeq) =>
      locked(async () => {
        const target = loadStream(root, "session", keys.session);
        if (target.head !== null) return loadView(root, keys);
        const source = loadStream(root, "session", fromKey);
        const live = loadView(root, keys);
        const origin = Math.max(maxSeq({ ...live, session: source }), 1);
        const stamp = now().toISOString();
        if (atSeq !== null && !reconstructibleAt(source.head, atSeq))
          throw new StateError(
            "fork_point_folded",
            "The fork point is older than the parent session's retained history (its patch was folded into the checkpoint), so its session state cannot be rebuilt.",
            { details: { at_seq: atSeq, checkpoint_seq: source.head?.checkpoint?.seq ?? null } },
          );
        const tail = source.head?.tail.filter((record) => atSeq === null || record.seq <= atSeq) ?? [];
        const sourceCheckpoint = source.head?.checkpoint ?? null;
        const head: ScopeHead = {
          format: "powercontext.state.head.v1",
          scope: "session",
          key: keys.session,
          revision: tail.at(-1)?.revision ?? sourceCheckpoint?.revision ?? 0,
          seq: tail.at(-1)?.seq ?? sourceCheckpoint?.seq ?? 0,
          origin_seq: origin,
          checkpoint: sourceCheckpoint,
          tail,
          created_at: stamp,
          updated_at: stamp,
        };
        const before = readOwnedFile(scopePath(root, "session", keys.session));
        await writeScopes(
          root,
          [prepare(root, "session", head, before)],
          `fork_${randomBytes(8).toString("hex")}`,
          undefined,
        );
        return loadView(root, keys);
      }),
  };
}
