// Append-only pack files: the fold store's records (leaves and fold records) packed together, so that a store of many
// small leaves takes about its bytes on disk instead of a file system block per leaf. A record is a header line, the
// payload and `\n`. A plain leaf's header is `leaf <payload bytes>\n`: its address is its payload's SHA-256, so it is
// not repeated; the others' is `<kind> <address sha256> <payload sha256> <payload bytes>\n`. Opening scans every record and verifies its payload hash, which builds the
// in-memory index (address → place) and catches a torn append: a tail cut short (a process killed in the middle of
// a write) is cut off, so the next append follows the last whole record; a record whose bytes fail their hash is
// ignored. Damage that is not at the tail closes that pack for appends: new records go to a new pack file.
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";

export type RecordKind = "leaf" | "ref" | "fold";

export interface PackRecord {
  kind: RecordKind;
  /** The address: a leaf's or a fold's SHA-256. */
  sha: string;
  payload: string;
}

interface Place {
  kind: RecordKind;
  file: string;
  offset: number;
  length: number;
}

export interface PackFiles {
  has(sha: string): boolean;
  /** The addresses of the records of one kind, in the order they were appended. */
  addresses(kind: RecordKind): string[];
  /** Appends the records in one write; an address already held is skipped. Throws when the write fails. */
  append(records: readonly PackRecord[]): void;
  /** Reads records through one open file per pack until `close`. */
  reader(): PackReader;
}

export interface PackReader {
  /** The record's kind and payload bytes (verified against their hash when the pack was opened), or null. */
  read(sha: string): { kind: RecordKind; payload: string } | null;
  close(): void;
}

const HASH = /^[0-9a-f]{64}$/;
const NEWLINE = 0x0a;
const PACK_NAME = /^(\d{4})\.pack$/;

type Scan = { end: number; damaged: boolean };

/** Indexes the whole records of `bytes` from `start`; where the tail is cut short, `end` is where it begins. */
function scanRecords(bytes: Buffer, start: number, index: (sha: string, place: Omit<Place, "file">) => void): Scan {
  let at = start;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf(NEWLINE, at);
    if (lineEnd < 0) return { end: at, damaged: false };
    const header = parseHeader(bytes.toString("latin1", at, lineEnd));
    if (header === null) return { end: at, damaged: true };
    const { kind, length } = header;
    const offset = lineEnd + 1;
    if (offset + length + 1 > bytes.length) return { end: at, damaged: false };
    if (bytes[offset + length] !== NEWLINE) return { end: at, damaged: true };
    const sum = sha256Hex(bytes.subarray(offset, offset + length));
    if (header.sum === null || header.sum === sum) index(header.sha ?? sum, { kind, offset, length });
    at = offset + length + 1;
  }
  return { end: at, damaged: false };
}

/** A header's fields; a plain leaf's address and sum are its payload's hash (null here). */
function parseHeader(
  line: string,
): { kind: RecordKind; sha: string | null; sum: string | null; length: number } | null {
  const [kind, ...rest] = line.split(" ");
  const length = Number(rest.at(-1));
  if (!Number.isSafeInteger(length) || length < 0) return null;
  if (kind === "leaf" && rest.length === 1) return { kind, sha: null, sum: null, length };
  const [sha, sum] = rest;
  if ((kind !== "ref" && kind !== "fold") || rest.length !== 3 || !HASH.test(sha ?? "") || !HASH.test(sum ?? ""))
    return null;
  return { kind, sha: sha as string, sum: sum as string, length };
}

function encodeRecord({ kind, sha, payload }: PackRecord): Buffer {
  const body = Buffer.from(payload, "utf8");
  const header = kind === "leaf" ? `leaf ${body.length}\n` : `${kind} ${sha} ${sha256Hex(body)} ${body.length}\n`;
  return Buffer.concat([Buffer.from(header, "latin1"), body, Buffer.from("\n")]);
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** The pack files of `dir` (`0001.pack`, …), scanned and repaired when opened; the directory is made on the first
 * append. One process writes a session's store at a time (Pi runs one process per session). */
export function openPackFiles(dir: string): PackFiles {
  return new PackDirectory(dir);
}

class PackDirectory implements PackFiles {
  private readonly dir: string;
  private readonly places = new Map<string, Place>();
  /** Where each pack's whole records end. */
  private readonly ends = new Map<string, number>();
  /** The pack appends go to; null when there is none yet or the last one is damaged. */
  private current: string | null = null;
  private highest = 0;

  constructor(dir: string) {
    this.dir = dir;
    for (const name of listPacks(dir)) {
      this.highest = Number(PACK_NAME.exec(name)?.[1]);
      this.current = this.scan(name, 0).damaged ? null : name;
    }
  }

  has(sha: string): boolean {
    return this.places.has(sha);
  }

  addresses(kind: RecordKind): string[] {
    return [...this.places].flatMap(([sha, place]) => (place.kind === kind ? [sha] : []));
  }

  append(records: readonly PackRecord[]): void {
    const seen = new Set<string>();
    const fresh = records.filter(
      (record) => !this.places.has(record.sha) && !seen.has(record.sha) && seen.add(record.sha),
    );
    if (fresh.length === 0) return;
    mkdirSync(this.dir, { recursive: true });
    if (this.current === null) this.current = `${String((this.highest += 1)).padStart(4, "0")}.pack`;
    const file = this.current;
    const fd = openSync(join(this.dir, file), "a", 0o600);
    try {
      const known = this.ends.get(file) ?? 0;
      const rescan = fstatSync(fd).size === known ? null : this.scan(file, 0);
      if (rescan?.damaged) {
        this.current = null;
        this.append(fresh);
        return;
      }
      const start = rescan?.end ?? known;
      const encoded = fresh.map(encodeRecord);
      try {
        writeAll(fd, Buffer.concat(encoded));
      } catch (error) {
        ftruncateSync(fd, start);
        throw error;
      }
      let offset = start;
      fresh.forEach((record, index) => {
        const bytes = encoded[index] as Buffer;
        const headerLength = bytes.indexOf(NEWLINE) + 1;
        this.places.set(record.sha, {
          kind: record.kind,
          file,
          offset: offset + headerLength,
          length: bytes.length - headerLength - 1,
        });
        offset += bytes.length;
      });
      this.ends.set(file, offset);
    } finally {
      closeSync(fd);
    }
  }

  reader(): PackReader {
    const open = new Map<string, number>();
    return {
      read: (sha) => {
        const place = this.places.get(sha);
        if (place === undefined) return null;
        let fd = open.get(place.file);
        if (fd === undefined) open.set(place.file, (fd = openSync(join(this.dir, place.file), "r")));
        const bytes = Buffer.alloc(place.length);
        for (let got = 0; got < place.length; ) {
          const n = readSync(fd, bytes, got, place.length - got, place.offset + got);
          if (n === 0) return null;
          got += n;
        }
        return { kind: place.kind, payload: bytes.toString("utf8") };
      },
      close: () => {
        for (const fd of open.values()) closeSync(fd);
        open.clear();
      },
    };
  }

  /** Indexes a pack's whole records and cuts off a torn tail, so the next append follows the last whole record. */
  private scan(file: string, start: number): Scan {
    const path = join(this.dir, file);
    const bytes = readFileSync(path);
    const scan = scanRecords(bytes, start, (sha, place) => {
      if (!this.places.has(sha)) this.places.set(sha, { ...place, file });
    });
    if (!scan.damaged && scan.end < bytes.length) truncate(path, scan.end);
    this.ends.set(file, scan.end);
    return scan;
  }
}

function listPacks(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => PACK_NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}

function truncate(path: string, length: number): void {
  const fd = openSync(path, "r+");
  try {
    ftruncateSync(fd, length);
  } finally {
    closeSync(fd);
  }
}
