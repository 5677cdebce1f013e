// A commit's whole tree as one flat listing (path → mode and object id), read from loose objects in-process or, when
// Git has packed them, from one `ls-tree`; and a listing written back as nested tree objects in Git's entry order.
import { runGit } from "./git-command.ts";
import { readObject, writeObject } from "./loose-object.ts";

export interface TreeEntry {
  /** Git's octal mode: 100644, 100755, 120000 (symlink), 160000 (gitlink). */
  mode: string;
  id: string;
}

/** Path (slash-separated, relative to the worktree root) → entry. Trees themselves are not listed. */
export type TreeListing = Map<string, TreeEntry>;

const TREE_MODE = "40000";

/** The tree a commit names, read in-process; null when the commit is not a loose object. */
export function commitTree(gitDir: string, commit: string): string | null {
  const object = readObject(gitDir, commit);
  if (object?.type !== "commit") return null;
  return /^tree ([0-9a-f]{40})\n/.exec(object.body.toString("latin1"))?.[1] ?? null;
}

/** Adds the entries of tree `id` under `prefix`; false when some tree is not a loose object. */
function readTreeInto(gitDir: string, id: string, prefix: string, listing: TreeListing): boolean {
  const object = readObject(gitDir, id);
  if (object?.type !== "tree") return false;
  const body = object.body;
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    const mode = body.subarray(at, space).toString("latin1");
    const path = prefix + body.subarray(space + 1, nul).toString("utf8");
    const entryId = body.subarray(nul + 1, nul + 21).toString("hex");
    at = nul + 21;
    if (mode === TREE_MODE) {
      if (!readTreeInto(gitDir, entryId, `${path}/`, listing)) return false;
    } else listing.set(path, { mode, id: entryId });
  }
  return true;
}

/** The listing of `commit` (in-process when its objects are loose, else through `git ls-tree`); null if unreadable. */
export async function readListing(
  root: string,
  gitDir: string,
  commit: string,
  options: { binary?: string } = {},
): Promise<TreeListing | null> {
  const tree = commitTree(gitDir, commit);
  const listing: TreeListing = new Map();
  if (tree !== null && readTreeInto(gitDir, tree, "", listing)) return listing;
  const listed = await runGit(root, ["ls-tree", "-r", "-z", "--full-tree", commit], options);
  if (listed.code !== 0) return null;
  listing.clear();
  for (const line of listed.stdout.toString("utf8").split("\0")) {
    const match = /^(\d+) \w+ ([0-9a-f]{40})\t(.+)$/s.exec(line);
    if (match !== null) listing.set(match[3] as string, { mode: match[1] as string, id: match[2] as string });
  }
  return listing;
}

interface Directory {
  files: Map<string, TreeEntry>;
  directories: Map<string, Directory>;
}

function nest(listing: TreeListing): Directory {
  const top: Directory = { files: new Map(), directories: new Map() };
  for (const [path, entry] of listing) {
    const parts = path.split("/");
    let directory = top;
    for (const part of parts.slice(0, -1)) {
      let next = directory.directories.get(part);
      if (next === undefined) directory.directories.set(part, (next = { files: new Map(), directories: new Map() }));
      directory = next;
    }
    directory.files.set(parts.at(-1) as string, entry);
  }
  return top;
}

/** Git orders a tree's entries by name, a subtree's name compared as if it ended in "/". */
function writeDirectory(gitDir: string, directory: Directory): string {
  const entries: { key: Buffer; mode: string; name: string; id: string }[] = [];
  for (const [name, entry] of directory.files) entries.push({ key: Buffer.from(name), name, ...entry });
  for (const [name, child] of directory.directories)
    entries.push({ key: Buffer.from(`${name}/`), mode: TREE_MODE, name, id: writeDirectory(gitDir, child) });
  entries.sort((a, b) => Buffer.compare(a.key, b.key));
  const body = Buffer.concat(
    entries.flatMap(({ mode, name, id }) => [Buffer.from(`${mode} ${name}\0`), Buffer.from(id, "hex")]),
  );
  return writeObject(gitDir, "tree", body);
}

/** Writes the listing's trees (those already present are not rewritten) and returns the root tree's id. */
export function writeListing(gitDir: string, listing: TreeListing): string {
  return writeDirectory(gitDir, nest(listing));
}
