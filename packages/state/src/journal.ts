// The journal of a multi-scope publication: every file it writes, with the bytes before and the hash after. A
// failure, or a crash that leaves the journal behind, restores exactly the files whose bytes still match the
// journal's own output, so another writer's later bytes are never touched.
import { join } from "node:path";
import { sha256Hex } from "@powercontext/protocol";
import { readOwnedFile, removeOwnedFile, replaceFile } from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import type { PreparedScope } from "./scope-files.ts";

export const JOURNAL_FILE = "transaction.json";

interface JournalWrite {
  /** Relative to the store's root, so a moved store still recovers. */
  path: string;
  before: string | null;
  after_sha256: string;
}

export interface Journal {
  format: "powercontext.state.journal.v1";
  id: string;
  pid: number;
  writes: JournalWrite[];
}

export function createJournal(root: string, id: string, prepared: readonly PreparedScope[]): Journal {
  return {
    format: "powercontext.state.journal.v1",
    id,
    pid: process.pid,
    writes: prepared.map((item) => ({
      path: item.path.slice(root.length + 1),
      before: item.before === null ? null : item.before.toString("utf8"),
      after_sha256: item.sha256,
    })),
  };
}

/** Restores each written path whose bytes still equal this writer's output (newest first). */
export function restoreOwnOutputs(root: string, journal: Journal): void {
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
    // not JSON: reported below like any other file that is not a journal
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
