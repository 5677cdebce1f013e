// Making prepared scope files visible, durably and all together or not at all. One file is replaced in place; several
// are staged, journaled and renamed in (see writeScopes), with the same fsyncs and the same order of visibility as
// writing them one by one.
import { join } from "node:path";
import {
  discardStaged,
  ensureDirectory,
  fsyncDirectory,
  publishStaged,
  removeOwnedFile,
  replaceFile,
  type StagedFile,
  stageFile,
} from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import { createJournal, JOURNAL_FILE, type Journal, restoreOwnOutputs } from "./journal.ts";
import type { PreparedScope } from "./scope-files.ts";
import { SCOPES_DIRECTORY } from "./scopes.ts";

/** Called after each scope file becomes visible (a test seam for crash injection); `index` counts from 0. */
export type AfterHeadWritten = (index: number, total: number) => void;

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
 * the scopes directory, and the journal's durable removal acknowledges the transition. Returns the journal (kept in
 * memory) for a rollback.
 */
export async function writeScopes(
  root: string,
  prepared: readonly PreparedScope[],
  transition: string,
  afterHeadWritten: AfterHeadWritten | undefined,
): Promise<Journal> {
  const directory = ensureDirectory(root, SCOPES_DIRECTORY);
  const journal = createJournal(root, transition, prepared);
  if (prepared.length === 1) {
    writeOne(root, directory, prepared[0] as PreparedScope, journal, afterHeadWritten);
    return journal;
  }
  const [journalFile, ...files] = await stageAll(root, journal, prepared);
  publishJournal(root, journalFile, files);
  publishFiles(root, directory, files, journal, afterHeadWritten);
  removeOwnedFile(join(root, JOURNAL_FILE));
  return journal;
}

/**
 * Withdraws a visible publication (its Git commit failed; run under the store lock): each file whose bytes are still
 * this publication's output gets its previous bytes back, bytes another writer put there since are kept. The journal
 * is made durable first, so a crash midway is finished by the next lock holder's recovery (journal.ts).
 */
export function rollBackPublication(root: string, journal: Journal): void {
  replaceFile(join(root, JOURNAL_FILE), JSON.stringify(journal));
  restoreOwnOutputs(root, journal);
  removeOwnedFile(join(root, JOURNAL_FILE));
}

function writeOne(
  root: string,
  directory: string,
  item: PreparedScope,
  journal: Journal,
  afterHeadWritten: AfterHeadWritten | undefined,
): void {
  try {
    replaceFile(item.path, item.bytes, { syncDirectory: false });
    afterHeadWritten?.(0, 1);
    fsyncDirectory(directory);
  } catch (error) {
    restoreOwnOutputs(root, journal);
    throw failed(error, true);
  }
}

/** Stages the journal and every file; if any cannot be staged, none stays behind. */
async function stageAll(
  root: string,
  journal: Journal,
  prepared: readonly PreparedScope[],
): Promise<[StagedFile, ...StagedFile[]]> {
  const settled = await Promise.allSettled([
    stageFile(join(root, JOURNAL_FILE), JSON.stringify(journal)),
    ...prepared.map((item) => stageFile(item.path, item.bytes)),
  ]);
  const staged = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const rejected = settled.find((result) => result.status === "rejected");
  if (rejected !== undefined) {
    for (const file of staged) discardStaged(file);
    throw failed(rejected.reason, false);
  }
  return staged as [StagedFile, ...StagedFile[]];
}

/** The journal becomes durable before any scope file is visible, so a crash from here on can be rolled back. */
function publishJournal(root: string, journalFile: StagedFile, files: readonly StagedFile[]): void {
  try {
    publishStaged(journalFile);
    fsyncDirectory(root);
  } catch (error) {
    for (const file of files) discardStaged(file);
    removeOwnedFile(join(root, JOURNAL_FILE));
    throw failed(error, false);
  }
}

function publishFiles(
  root: string,
  directory: string,
  files: readonly StagedFile[],
  journal: Journal,
  afterHeadWritten: AfterHeadWritten | undefined,
): void {
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
    removeOwnedFile(join(root, JOURNAL_FILE));
    throw failed(error, true);
  }
}
