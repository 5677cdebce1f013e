// Writing a blob straight into the store repository's object database, from the exact prepared bytes, without a Git
// process: the object id is SHA-1 over "blob <size>\0" + bytes, the file its zlib deflation. Only for SHA-1
// repositories (the store creates its own as SHA-1); the caller falls back to `git hash-object` otherwise.
import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

export function blobId(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** Writes the blob (if not already present) and returns its id. Objects are immutable, so no fsync ordering matters
 * beyond Git's own: a torn temporary is never renamed into place. */
export function writeBlob(gitDir: string, bytes: Buffer): string {
  const id = blobId(bytes);
  const directory = join(gitDir, "objects", id.slice(0, 2));
  const path = join(directory, id.slice(2));
  if (existsSync(path)) return id;
  mkdirSync(directory, { recursive: true });
  const temporary = join(directory, `tmp_obj_pc_${process.pid}_${randomBytes(6).toString("hex")}`);
  const fd = openSync(temporary, "wx", 0o444);
  try {
    writeSync(fd, deflateSync(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes])));
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  return id;
}
