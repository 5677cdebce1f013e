// Owned-file primitives: reads that refuse symlinks and non-regular files, and same-directory atomic replacement
// with fsync of the file and of its directory (the rename survives power loss once this returns).
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { StateError } from "./errors.ts";

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Throws `unsafe_path` unless `path` is absent or a regular file (never a symlink). */
export function assertRegularOrAbsent(path: string): boolean {
  const stat = lstatOrNull(path);
  if (stat === null) return false;
  if (stat.isSymbolicLink() || !stat.isFile())
    throw new StateError("unsafe_path", `refusing ${path}: not a regular file`);
  return true;
}

/** `root`, then each directory below it down to root/relative, in order. */
function directoryChain(root: string, relative: string): string[] {
  const chain = [root];
  for (const part of relative.split("/").filter((segment) => segment !== ""))
    chain.push(join(chain.at(-1) as string, part));
  return chain;
}

function assertDirectory(path: string, stat: Stats): void {
  if (stat.isSymbolicLink() || !stat.isDirectory())
    throw new StateError("unsafe_path", `refusing ${path}: not a directory`);
}

/** Whether root/relative exists as a chain of real directories; throws `unsafe_path` on a symlink or a file. */
export function isRealDirectory(root: string, relative: string): boolean {
  for (const current of directoryChain(root, relative)) {
    const stat = lstatOrNull(current);
    if (stat === null) return false;
    assertDirectory(current, stat);
  }
  return true;
}

/** Creates `path` (and parents) as real directories; throws `unsafe_path` if any is a symlink or not a directory. */
export function ensureDirectory(root: string, relative: string): string {
  const chain = directoryChain(root, relative);
  for (const current of chain) {
    const stat = lstatOrNull(current);
    if (stat !== null) {
      assertDirectory(current, stat);
      continue;
    }
    mkdirSync(current, { mode: 0o700 });
    fsyncDirectory(dirname(current));
  }
  return chain.at(-1) as string;
}

/** The file's bytes, or null when absent. Throws `unsafe_path` for a symlink or non-regular file. */
export function readOwnedFile(path: string): Buffer | null {
  if (!assertRegularOrAbsent(path)) return null;
  try {
    return readFileSync(path, { flag: "r" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export function fsyncDirectory(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`);
}

function writeAll(fd: number, bytes: Uint8Array | string): void {
  const data = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  let written = 0;
  while (written < data.byteLength) written += writeSync(fd, data, written, data.byteLength - written);
}

/** A durable temporary file beside `path`, not yet visible under `path`. */
export interface StagedFile {
  readonly path: string;
  readonly temporary: string;
}

/**
 * Writes bytes to a fresh temporary file beside `path` and fsyncs it on the thread pool, so that several staged files
 * (invisible until renamed) are made durable concurrently. Throws `unsafe_path` unless `path` is absent or regular.
 */
export async function stageFile(path: string, bytes: Uint8Array | string): Promise<StagedFile> {
  assertRegularOrAbsent(path);
  const temporary = temporaryBeside(path);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeAll(fd, bytes);
    await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error === null ? resolve() : reject(error))));
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  return { path, temporary };
}

/** Renames a staged file over its path (the caller fsyncs the directory). */
export function publishStaged(staged: StagedFile): void {
  assertRegularOrAbsent(staged.path);
  renameSync(staged.temporary, staged.path);
}

/** Removes a staged file that will not be published. Never throws. */
export function discardStaged(staged: StagedFile): void {
  try {
    unlinkSync(staged.temporary);
  } catch {
    // already gone
  }
}

/** Writes bytes to a fresh temporary file beside `path`, fsyncs it, renames it over `path`, fsyncs the directory. */
export function replaceFile(
  path: string,
  bytes: Uint8Array | string,
  { syncDirectory = true }: { syncDirectory?: boolean } = {},
): void {
  assertRegularOrAbsent(path);
  const temporary = temporaryBeside(path);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // the temporary file is already gone
    }
    throw error;
  }
  if (syncDirectory) fsyncDirectory(dirname(path));
}

/** Removes an owned regular file if present; refuses symlinks. */
export function removeOwnedFile(path: string, { syncDirectory = true }: { syncDirectory?: boolean } = {}): void {
  if (!assertRegularOrAbsent(path)) return;
  unlinkSync(path);
  if (syncDirectory) fsyncDirectory(dirname(path));
}
