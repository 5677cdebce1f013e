// Markdown discovery under the knowledge root (the I/O edge of knowledge artifacts): regular lowercase `*.md` files
// found recursively, each hashed as opaque bytes (never parsed, never sent to the model). Symlinks are refused, not
// followed. A root that is absent, a symlink or not a directory is "unavailable": nothing is known about its sources,
// so nothing may be removed because of it.
import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import { basename, join, sep } from "node:path";
import { sha256Hex } from "@powercontext/protocol";

export type Discovery =
  | {
      status: "available";
      /** The root's canonical path; every source path is under it. */
      root: string;
      /** Canonical path → sha256 of the file's bytes, sorted by path. */
      sources: Map<string, string>;
      /** Canonical path → the file's size in bytes (what reading it costs, for the rehydration planner). */
      sizes: Map<string, number>;
      /** Symlinks met during the walk (refused: neither followed nor hashed). */
      refused: string[];
    }
  | { status: "unavailable"; root: string; reason: "missing" | "symlink" | "not_a_directory" };

/** A source file's name: `.md`, and no upper-case letter (README.md and Notes.MD are not sources). */
export function isSourceName(name: string): boolean {
  return name.endsWith(".md") && name.length > 3 && name === name.toLowerCase();
}

async function lstatOrNull(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function discoverKnowledge(root: string): Promise<Discovery> {
  const stat = await lstatOrNull(root);
  if (stat === null) return { status: "unavailable", root, reason: "missing" };
  if (stat.isSymbolicLink()) return { status: "unavailable", root, reason: "symlink" };
  if (!stat.isDirectory()) return { status: "unavailable", root, reason: "not_a_directory" };
  const canonical = await realpath(root);
  const found: Found[] = [];
  const refused: string[] = [];
  await walk(canonical, found, refused);
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    status: "available",
    root: canonical,
    sources: new Map(found.map(({ path, hash }) => [path, hash])),
    sizes: new Map(found.map(({ path, bytes }) => [path, bytes])),
    refused: refused.sort(),
  };
}

interface Found {
  path: string;
  hash: string;
  bytes: number;
}

async function walk(directory: string, found: Found[], refused: string[]): Promise<void> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isSymbolicLink()) refused.push(path);
    else if (entry.isDirectory()) await walk(path, found, refused);
    else if (entry.isFile() && isSourceName(entry.name)) {
      const bytes = await readFile(path);
      found.push({ path, hash: sha256Hex(bytes), bytes: bytes.length });
    }
  }
}

/** Whether `path` is a source the root owns: a lowercase `.md` path strictly inside the canonical root. */
export function ownedByRoot(root: string, path: string): boolean {
  return path.startsWith(root + sep) && isSourceName(basename(path)) && !path.split(sep).includes("..");
}

/**
 * Whether an owned source is proven absent: walking from the root, some component is missing while every one before
 * it is a real directory. A symlink or a file on the way proves nothing (it is outside removal ownership), and an
 * existing path is of course not absent.
 */
export async function provenAbsent(root: string, path: string): Promise<boolean> {
  if (!ownedByRoot(root, path)) return false;
  const parts = path.slice(root.length + 1).split(sep);
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stat = await lstatOrNull(current);
    if (stat === null) return true;
    if (stat.isSymbolicLink()) return false;
    if (index < parts.length - 1 && !stat.isDirectory()) return false;
  }
  return false;
}
