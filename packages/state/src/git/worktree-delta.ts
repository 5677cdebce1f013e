// The complete non-ignored worktree delta of the store directory, as `git add -A` would stage it, without a Git
// process in the steady state: the worktree is walked in-process, a tracked file is hashed again only when its stat
// data changed (or is too recent to trust), and whether an untracked path is ignored is asked of Git
// (`ls-files --others --exclude-standard`: .gitignore files, info/exclude, core.excludesFile), the answer kept while
// the untracked paths and the ignore files stay the same. Git's own rules are never re-implemented here.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "./git-command.ts";
import { writeBlob } from "./loose-object.ts";
import type { TreeEntry, TreeListing } from "./tree-listing.ts";

/** The store's own private files (lock, handover and reclaim files, the journal, temporaries): never committed. */
export function isPrivateName(name: string): boolean {
  return name.startsWith("store.lock") || name === "transaction.json" || /^\..*\.tmp-/.test(name);
}

interface OnDisk {
  mode: string;
  /** Stat data that changes whenever the file's content can have changed (replacement, write). */
  stamp: string;
  /** Modification time in ms, to tell a stamp too recent to trust. */
  mtimeMs: number;
}

/** A file modified this close to the scan may be modified again within the same timestamp: hash it every time. */
const RACY_MS = 2_000;

function walk(root: string, relative: string, found: Map<string, OnDisk>): void {
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    // Git never stages a `.git` component (the store's repository, or one a user nested inside).
    if (entry.name === ".git" || isPrivateName(entry.name)) continue;
    if (entry.isDirectory()) {
      walk(root, path, found);
      continue;
    }
    const stat = lstatSync(join(root, path), { bigint: true, throwIfNoEntry: false });
    if (stat === undefined) continue; // Removed since the listing: not in the delta.
    const mode = stat.isSymbolicLink() ? "120000" : (stat.mode & 0o100n) !== 0n ? "100755" : "100644";
    if (!stat.isFile() && !stat.isSymbolicLink()) continue; // Git stages neither sockets nor FIFOs.
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${mode}`;
    found.set(path, { mode, stamp, mtimeMs: Number(stat.mtimeMs) });
  }
}

export interface DeltaCache {
  /** path → the stamp it had when hashed, and its blob id. */
  hashed: Map<string, { stamp: string; id: string }>;
  /** The ignore files' stamps when Git was last asked, and its verdict (staged or ignored) for each path asked. */
  ignores: { rules: string; staged: Map<string, boolean> } | null;
}

export function createDeltaCache(): DeltaCache {
  return { hashed: new Map(), ignores: null };
}

function hashFile(root: string, gitDir: string, path: string, file: OnDisk, cache: DeltaCache): string {
  const cached = cache.hashed.get(path);
  if (cached?.stamp === file.stamp) return cached.id;
  const full = join(root, path);
  const bytes = file.mode === "120000" ? Buffer.from(readlinkSync(full)) : readFileSync(full);
  const id = writeBlob(gitDir, bytes);
  if (Date.now() - file.mtimeMs > RACY_MS) cache.hashed.set(path, { stamp: file.stamp, id });
  else cache.hashed.delete(path);
  return id;
}

/** The untracked paths Git would stage (not ignored), from the cache or one `ls-files`; null when Git failed. */
async function notIgnored(
  root: string,
  gitDir: string,
  untracked: string[],
  disk: Map<string, OnDisk>,
  cache: DeltaCache,
  options: { binary?: string },
): Promise<Set<string> | null> {
  const ignoreFiles = [...disk].filter(([path]) => path === ".gitignore" || path.endsWith("/.gitignore"));
  const exclude = lstatSync(join(gitDir, "info", "exclude"), { throwIfNoEntry: false, bigint: true });
  const rules = JSON.stringify([ignoreFiles.map(([path, file]) => [path, file.stamp]), `${exclude?.mtimeNs}`]);
  const known = cache.ignores?.rules === rules ? cache.ignores.staged : new Map<string, boolean>();
  if (untracked.every((path) => known.has(path))) return new Set(untracked.filter((path) => known.get(path) === true));
  // An index file that does not exist: every non-ignored file counts as "other".
  const env = { GIT_INDEX_FILE: join(gitDir, "powercontext-state", "no-index") };
  const listed = await runGit(root, ["ls-files", "-z", "--others", "--exclude-standard"], { ...options, env });
  if (listed.code !== 0) return null;
  const included = new Set(listed.stdout.toString("utf8").split("\0"));
  cache.ignores = { rules, staged: new Map(untracked.map((path) => [path, included.has(path)])) };
  return new Set(untracked.filter((path) => included.has(path)));
}

/**
 * The tree listing `git add -A` would give on top of `parent` (tracked files stay tracked, even when ignored; removed
 * ones leave; untracked ones enter unless ignored), with the `overlay` paths taken as given (never read from disk).
 * Null when Git could not say what is ignored.
 */
export async function stageWorktree(
  root: string,
  gitDir: string,
  parent: TreeListing,
  overlay: ReadonlyMap<string, TreeEntry>,
  cache: DeltaCache,
  options: { binary?: string } = {},
): Promise<TreeListing | null> {
  const disk = new Map<string, OnDisk>();
  walk(root, "", disk);
  const staged: TreeListing = new Map();
  const untracked: string[] = [];
  for (const [path, file] of disk) {
    if (overlay.has(path)) continue;
    if (parent.has(path)) staged.set(path, { mode: file.mode, id: hashFile(root, gitDir, path, file, cache) });
    else untracked.push(path);
  }
  for (const [path, entry] of parent) if (entry.mode === "160000") staged.set(path, entry); // gitlinks: kept as is
  const included = await notIgnored(root, gitDir, untracked.sort(), disk, cache, options);
  if (included === null) return null;
  for (const path of untracked) {
    const file = disk.get(path) as OnDisk;
    if (included.has(path)) staged.set(path, { mode: file.mode, id: hashFile(root, gitDir, path, file, cache) });
  }
  for (const [path, entry] of overlay) staged.set(path, entry);
  return staged;
}
