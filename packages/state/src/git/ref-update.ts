// Moving the store repository's branch to a new commit in-process with Git's lock-file protocol, so a Git command of
// the user (or another process) never sees a torn ref: HEAD.lock and `<ref>.lock` are created exclusively (an
// existing lock means someone else is updating: the commit fails and the next one carries the delta), the old value
// is checked under the locks, the new value is written to the ref's lock file and renamed over the ref, and the
// reflogs get their line as `git commit` would write them.
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

const OBJECT_ID = /^[0-9a-f]{40}$/;
const ZERO_ID = "0".repeat(40);

export interface HeadTarget {
  /** The ref HEAD points to (`refs/heads/…`), or null when HEAD is detached (HEAD itself moves). */
  ref: string | null;
  /** Its current commit, null for an unborn branch. */
  commit: string | null;
}

function readLoose(gitDir: string, name: string): string | null {
  try {
    return readFileSync(join(gitDir, name), "utf8").trim();
  } catch {
    return null;
  }
}

function readPacked(gitDir: string, ref: string): string | null {
  const packed = readLoose(gitDir, "packed-refs") ?? "";
  for (const line of packed.split("\n")) if (line.endsWith(` ${ref}`)) return line.slice(0, 40);
  return null;
}

/** Where HEAD points and the commit it resolves to; throws on a HEAD this module does not handle. */
export function readHeadTarget(gitDir: string): HeadTarget {
  const head = readLoose(gitDir, "HEAD") ?? "";
  if (OBJECT_ID.test(head)) return { ref: null, commit: head };
  const ref = /^ref: (refs\/heads\/\S+)$/.exec(head)?.[1];
  if (ref === undefined) throw new Error(`unsupported HEAD: ${head.slice(0, 80)}`);
  const commit = readLoose(gitDir, ref) ?? readPacked(gitDir, ref);
  if (commit !== null && !OBJECT_ID.test(commit)) throw new Error(`unreadable ref ${ref}`);
  return { ref, commit };
}

function createLock(path: string): number {
  mkdirSync(dirname(path), { recursive: true });
  return openSync(path, "wx", 0o644);
}

export type RefUpdate = { status: "updated" } | { status: "failed"; reason: string };

/**
 * Moves HEAD's branch (or a detached HEAD) from `expected` to `next`, as `git commit` does. `reflogMessage` is the
 * text after the tab of the reflog line ("commit: <subject>").
 */
export function updateHead(
  gitDir: string,
  expected: HeadTarget,
  next: string,
  identity: string,
  reflogMessage: string,
): RefUpdate {
  const name = expected.ref ?? "HEAD";
  const headLock = join(gitDir, "HEAD.lock");
  const refLock = join(gitDir, `${name}.lock`);
  const held: string[] = [];
  try {
    closeSync(createLock(headLock));
    held.push(headLock);
    const fd = name === "HEAD" ? openSync(headLock, "w") : createLock(refLock);
    if (name !== "HEAD") held.push(refLock);
    try {
      writeSync(fd, `${next}\n`);
    } finally {
      closeSync(fd);
    }
    const current = readHeadTarget(gitDir);
    if (current.ref !== expected.ref || current.commit !== expected.commit)
      return { status: "failed", reason: `HEAD moved to ${current.ref ?? current.commit} while committing` };
    const line = `${expected.commit ?? ZERO_ID} ${next} ${identity}\t${reflogMessage}\n`;
    renameSync(name === "HEAD" ? headLock : refLock, join(gitDir, name));
    held.splice(held.indexOf(name === "HEAD" ? headLock : refLock), 1);
    appendReflog(gitDir, "HEAD", line);
    if (name !== "HEAD") appendReflog(gitDir, name, line);
    return { status: "updated" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { status: "failed", reason: code === "EEXIST" ? `cannot lock ref ${name}: a lock exists` : String(error) };
  } finally {
    for (const lock of held) rmSync(lock, { force: true });
  }
}

/** Reflogs are a convenience for people (`git reflog`); one that cannot be written does not fail the commit. */
function appendReflog(gitDir: string, name: string, line: string): void {
  try {
    const path = join(gitDir, "logs", name);
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, line);
  } catch {
    // Best effort, as above.
  }
}
