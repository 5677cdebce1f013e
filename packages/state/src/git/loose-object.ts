// Git objects of the store's repository read and written in-process, as loose objects: the id is SHA-1 over
// "<type> <size>\0" + body, the file its zlib deflation under objects/<2 hex>/<38 hex>. Only for SHA-1 repositories
// (the store creates its own as SHA-1). An object Git has packed is not read here: `readObject` answers null and the
// caller asks Git instead.
import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { deflateSync, inflateSync } from "node:zlib";

export type ObjectType = "blob" | "tree" | "commit";

export interface GitObject {
  type: string;
  body: Buffer;
}

function objectPath(gitDir: string, id: string): string {
  return join(gitDir, "objects", id.slice(0, 2), id.slice(2));
}

function framed(type: ObjectType, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
}

export function objectId(type: ObjectType, body: Buffer): string {
  return createHash("sha1").update(framed(type, body)).digest("hex");
}

export function blobId(bytes: Buffer): string {
  return objectId("blob", bytes);
}

/**
 * Writes the object (if not already present) and returns its id. Objects are immutable and named by their content, so
 * a temporary is renamed into place only when complete; like Git by default, loose objects are not fsynced.
 */
export function writeObject(gitDir: string, type: ObjectType, body: Buffer): string {
  const id = objectId(type, body);
  const path = objectPath(gitDir, id);
  if (existsSync(path)) return id;
  const directory = join(gitDir, "objects", id.slice(0, 2));
  mkdirSync(directory, { recursive: true });
  // Git's own prefix: `git prune` removes a tmp_obj_ file a killed writer left.
  const temporary = join(directory, `tmp_obj_pc_${process.pid}_${randomBytes(6).toString("hex")}`);
  const fd = openSync(temporary, "wx", 0o444);
  try {
    writeSync(fd, deflateSync(framed(type, body)));
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

export function writeBlob(gitDir: string, bytes: Buffer): string {
  return writeObject(gitDir, "blob", bytes);
}

/** The loose object `id`, or null when it is not a loose object here (packed, or absent). */
export function readObject(gitDir: string, id: string): GitObject | null {
  let raw: Buffer;
  try {
    raw = inflateSync(readFileSync(objectPath(gitDir, id)));
  } catch {
    return null;
  }
  const space = raw.indexOf(0x20);
  const nul = raw.indexOf(0, space);
  if (space < 0 || nul < 0) return null;
  return { type: raw.subarray(0, space).toString("latin1"), body: raw.subarray(nul + 1) };
}
