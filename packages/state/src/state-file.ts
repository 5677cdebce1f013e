// The durable store: every read and publication runs under the one store lock. A publication checks its captured
// basis (compare-and-swap per supplied scope), replaces each scope file with file + directory fsync, and, when it
// spans several scopes, first records a journal so that a failure or a crash restores exactly the bytes that still
// match its own output. A journal left by a dead writer is rolled back by the next lock holder.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { sha256Hex } from "@powercontext/protocol";
import { ensureDirectory, fsyncDirectory, readOwnedFile, removeOwnedFile, replaceFile } from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import { appendPatch } from "./history.ts";
import { applyTransition } from "./patch.ts";
import { loadStream, scopePath, serializeHead } from "./scope-files.ts";
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
  /** The current view of three scopes, read under the lock (after rolling back any dead writer's journal). */
  readView(keys: ViewKeys): Promise<View>;
  /** Publishes a transition against `basis`; all supplied scopes commit together or none does. */
  publish(keys: ViewKeys, basis: View, request: TransitionRequest): Promise<PublishResult>;
  /** Copies a session stream to a new session key with a fresh origin; an existing target is left as it is. */
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

function loadView(root: string, keys: ViewKeys): View {
  return {
    global: loadStream(root, "global", keys.global),
    cwd: loadStream(root, "cwd", keys.cwd),
    session: loadStream(root, "session", keys.session),
  };
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
  before: string | null;
}

function prepare(root: string, scope: ScopeName, head: ScopeHead): PreparedScope {
  const path = scopePath(root, scope, head.key);
  const previous = readOwnedFile(path);
  return { path, bytes: serializeHead(head), before: previous === null ? null : previous.toString("utf8") };
}

/**
 * Publishes prepared scope files. Several files: journal first (durable), then every file, one fsync of the shared
 * directory, then the journal's removal (durable) acknowledges the transition.
 */
function writeScopes(
  root: string,
  prepared: PreparedScope[],
  transition: string,
  afterHeadWritten: StoreOptions["afterHeadWritten"],
): void {
  const directory = ensureDirectory(root, SCOPES_DIRECTORY);
  const journal: Journal = {
    format: "powercontext.state.journal.v1",
    id: transition,
    pid: process.pid,
    writes: prepared.map((item) => ({
      path: item.path.slice(root.length + 1),
      before: item.before,
      after_sha256: sha256Hex(item.bytes),
    })),
  };
  const journaled = prepared.length > 1;
  if (journaled) replaceFile(join(root, JOURNAL_FILE), JSON.stringify(journal));
  try {
    prepared.forEach((item, index) => {
      replaceFile(item.path, item.bytes, { syncDirectory: false });
      afterHeadWritten?.(index, prepared.length);
    });
    fsyncDirectory(directory);
  } catch (error) {
    restoreOwnOutputs(root, journal);
    if (journaled) removeOwnedFile(join(root, JOURNAL_FILE));
    throw new StateError("publication_failed", "writing the state failed; the previous state was restored.", {
      cause: error,
    });
  }
  if (journaled) removeOwnedFile(join(root, JOURNAL_FILE));
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
    readView: (keys) => locked(() => loadView(root, keys)),
    publish: (keys, basis, request) =>
      locked(() => {
        const live = loadView(root, keys);
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
        for (const scope of touched) {
          const appended = appendPatch(live[scope], request.patches[scope] ?? {}, next[scope] ?? live[scope].current, {
            seq,
            transition,
            at: at.toISOString(),
          });
          prepared.push(prepare(root, scope, appended.head));
          revisions[scope] = appended.head.revision;
        }
        writeScopes(root, prepared, transition, afterHeadWritten);
        return { status: "committed", view: loadView(root, keys), transition, seq, revisions };
      }),
    copySession: (keys, fromKey, atSeq) =>
      locked(() => {
        const target = loadStream(root, "session", keys.session);
        if (target.head !== null) return loadView(root, keys);
        const source = loadStream(root, "session", fromKey);
        const live = loadView(root, keys);
        const origin = Math.max(maxSeq({ ...live, session: source }), 1);
        const stamp = now().toISOString();
        const keep = source.head?.tail.filter((record) => atSeq === null || record.seq <= atSeq) ?? [];
        const sourceCheckpoint = source.head?.checkpoint ?? null;
        const usable = atSeq === null || sourceCheckpoint === null || sourceCheckpoint.seq <= atSeq;
        const tail = usable ? keep : (source.head?.tail ?? []);
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
        writeScopes(root, [prepare(root, "session", head)], `fork_${randomBytes(8).toString("hex")}`, undefined);
        return loadView(root, keys);
      }),
  };
}
