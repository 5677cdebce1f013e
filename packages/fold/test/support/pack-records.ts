// Reads the fold store's pack files the way their format is documented (docs/fold.md, "The store"), independently of
// the store's own reader: a header line (`leaf <bytes>`, or `<kind> <address> <payload sha256> <bytes>`), the
// payload, a newline.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface PackedRecord {
  kind: string;
  sha: string;
  payload: string;
  pack: string;
}

export function packFilesOf(storeDir: string): string[] {
  return readdirSync(storeDir)
    .filter((name) => /^\d{4}\.pack$/.test(name))
    .sort()
    .map((name) => join(storeDir, name));
}

export function packedRecords(storeDir: string): PackedRecord[] {
  const records: PackedRecord[] = [];
  for (const pack of packFilesOf(storeDir)) {
    const bytes = readFileSync(pack);
    for (let at = 0; at < bytes.length; ) {
      const lineEnd = bytes.indexOf(0x0a, at);
      const fields = bytes.toString("latin1", at, lineEnd).split(" ");
      const length = Number(fields.at(-1));
      const payload = bytes.subarray(lineEnd + 1, lineEnd + 1 + length);
      const sha = fields[0] === "leaf" ? createHash("sha256").update(payload).digest("hex") : (fields[1] as string);
      records.push({ kind: fields[0] as string, sha, payload: payload.toString("utf8"), pack });
      at = lineEnd + 1 + length + 1;
    }
  }
  return records;
}
