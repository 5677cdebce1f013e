// The content-addressed fold store: each leaf message is kept once, under the SHA-256 of its exact bytes, and a fold is a
// record listing its leaves by hash, so nested and consolidated folds no longer store their leaves' bytes again. A
// large text part that already has an evidence file is kept as a reference to it. Reading reassembles the source from
// its leaves, verifying each; the caller verifies the whole against the fold's SHA-256. Stores written in the former
// layout (one whole source per fold) are migrated when opened; a former file that does not verify stays readable.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS } from "./evidence.ts";
import { openEvidenceBackedStore } from "./evidence-store.ts";
import type { FoldStore } from "./fold-store.ts";

/** A fold's parts in order: a leaf's hash, or `fold:<hash>` for a fold stored before it that it contains. */
interface FoldDocument {
  version: 2;
  parts: string[];
}

const FOLD_PART = "fold:";

interface LeafReference {
  version: 1;
  /** The message with each referenced part's text emptied, key order kept. */
  message: unknown;
  refs: { part: number; sha256: string }[];
}

const HASH = /^[0-9a-f]{64}$/;
const FORMER_FILE = /^([0-9a-f]{64})(?:\.ref)?\.json$/;

type Part = { type?: unknown; text?: unknown };

function partsOf(message: unknown): Part[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Part[]) : [];
}

function readOnce(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Writes a read-only file whole or not at all (a temporary file renamed into place), unless it already exists. */
function writeOnce(path: string, text: string): void {
  if (existsSync(path)) return;
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o444 });
  chmodSync(temporary, 0o444);
  renameSync(temporary, path);
}

/** The exact bytes of one message as its source holds them, or null when a file is missing or fails its hash. */
function readLeaf(leavesDir: string, evidenceDir: string, sha: string): string | null {
  if (!HASH.test(sha)) return null;
  const whole = readOnce(join(leavesDir, `${sha}.json`));
  if (whole !== null) return sha256Hex(whole) === sha ? whole : null;
  const raw = readOnce(join(leavesDir, `${sha}.ref.json`));
  if (raw === null) return null;
  const document = JSON.parse(raw) as LeafReference;
  for (const ref of document.refs) {
    const text = readOnce(join(evidenceDir, `${ref.sha256}.txt`));
    const part = partsOf(document.message)[ref.part];
    if (text === null || sha256Hex(text) !== ref.sha256 || part === undefined) return null;
    part.text = text;
  }
  const restored = JSON.stringify(document.message);
  return sha256Hex(restored) === sha ? restored : null;
}

/** Stores one message's bytes under their hash, as a reference where a large text part has an evidence file. */
function writeLeaf(leavesDir: string, evidenceDir: string, bytes: string): string {
  const sha = sha256Hex(bytes);
  if (existsSync(join(leavesDir, `${sha}.json`)) || existsSync(join(leavesDir, `${sha}.ref.json`))) return sha;
  const message = JSON.parse(bytes) as unknown;
  const refs: LeafReference["refs"] = [];
  partsOf(message).forEach((part, position) => {
    if (part.type !== "text" || typeof part.text !== "string" || part.text.length < EVIDENCE_MIN_CHARS) return;
    const evidence = sha256Hex(part.text);
    if (!existsSync(join(evidenceDir, `${evidence}.txt`))) return;
    part.text = "";
    refs.push({ part: position, sha256: evidence });
  });
  if (refs.length === 0) writeOnce(join(leavesDir, `${sha}.json`), bytes);
  else writeOnce(join(leavesDir, `${sha}.ref.json`), JSON.stringify({ version: 1, message, refs }));
  return sha;
}

/** The bytes of each message of a canonical source (a JSON array), or null when the text is not one. */
function messageBytes(text: string): string[] | null {
  let messages: unknown;
  try {
    messages = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(messages)) return null;
  const bytes = messages.map((message) => JSON.stringify(message));
  return `[${bytes.join(",")}]` === text ? bytes : null;
}

/** What the store knows of its folds: each fold's leaf hashes, and the folds that begin at each leaf. */
class FoldCatalog {
  private readonly leavesBySha = new Map<string, string[]>();
  private readonly byFirstLeaf = new Map<string, string[]>();
  private readonly read: (sha: string) => FoldDocument | null;
  constructor(read: (sha: string) => FoldDocument | null) {
    this.read = read;
  }

  /** The leaf hashes of a stored fold, its contained folds expanded; null when a record is missing. */
  leavesOf(sha: string): string[] | null {
    const known = this.leavesBySha.get(sha);
    if (known !== undefined) return known;
    const document = this.read(sha);
    if (document === null) return null;
    const leaves: string[] = [];
    for (const part of document.parts) {
      const inner = part.startsWith(FOLD_PART) ? this.leavesOf(part.slice(FOLD_PART.length)) : [part];
      if (inner === null) return null;
      leaves.push(...inner);
    }
    this.remember(sha, leaves);
    return leaves;
  }

  remember(sha: string, leaves: string[]): void {
    this.leavesBySha.set(sha, leaves);
    const first = leaves[0];
    if (first !== undefined) this.byFirstLeaf.set(first, [...(this.byFirstLeaf.get(first) ?? []), sha]);
  }

  /** The parts of a new fold: the longest stored folds it contains, by reference, and its other leaves. */
  partsOf(leaves: readonly string[]): string[] {
    const parts: string[] = [];
    for (let at = 0; at < leaves.length; ) {
      let best: { sha: string; length: number } | null = null;
      for (const sha of this.byFirstLeaf.get(leaves[at] as string) ?? []) {
        const inner = this.leavesBySha.get(sha) ?? [];
        const fits = inner.length < leaves.length && inner.every((leaf, offset) => leaves[at + offset] === leaf);
        if (fits && inner.length > (best?.length ?? 1)) best = { sha, length: inner.length };
      }
      parts.push(best === null ? (leaves[at] as string) : `${FOLD_PART}${best.sha}`);
      at += best?.length ?? 1;
    }
    return parts;
  }
}

/**
 * Files `<dir>/<sha256>.fold.json` (the fold's parts: leaf hashes and contained folds' hashes) and
 * `<dir>/leaves/<leaf sha256>.json` or `.ref.json`, mode 0444. Opening it migrates files of the former layout
 * (`<dir>/<sha256>.json`, `.ref.json`) that verify.
 */
export function openContentAddressedStore(dir: string, evidenceDir: string): FoldStore {
  const leavesDir = join(dir, "leaves");
  const former = openEvidenceBackedStore(dir, evidenceDir);
  const readDocument = (sha: string): FoldDocument | null => {
    const raw = HASH.test(sha) ? readOnce(join(dir, `${sha}.fold.json`)) : null;
    return raw === null ? null : (JSON.parse(raw) as FoldDocument);
  };
  const catalog = new FoldCatalog(readDocument);
  const assemble = (sha: string): string | null => {
    const document = readDocument(sha);
    if (document === null) return null;
    const pieces: string[] = [];
    for (const part of document.parts) {
      if (!part.startsWith(FOLD_PART)) {
        const bytes = readLeaf(leavesDir, evidenceDir, part);
        if (bytes === null) return null;
        pieces.push(bytes);
        continue;
      }
      const inner = assemble(part.slice(FOLD_PART.length));
      if (inner === null || sha256Hex(inner) !== part.slice(FOLD_PART.length)) return null;
      pieces.push(inner.slice(1, -1));
    }
    return `[${pieces.join(",")}]`;
  };
  const store: FoldStore = {
    put(text) {
      const sha = sha256Hex(text);
      const path = join(dir, `${sha}.fold.json`);
      if (existsSync(path)) return sha;
      const bytes = messageBytes(text);
      if (bytes === null || bytes.length === 0) return former.put(text);
      mkdirSync(leavesDir, { recursive: true });
      const leaves = bytes.map((leaf) => writeLeaf(leavesDir, evidenceDir, leaf));
      const document: FoldDocument = { version: 2, parts: catalog.partsOf(leaves) };
      writeOnce(path, JSON.stringify(document));
      catalog.remember(sha, leaves);
      return sha;
    },
    get(sha) {
      if (!HASH.test(sha)) return null;
      return assemble(sha) ?? former.get(sha);
    },
  };
  for (const name of listDir(dir)) if (name.endsWith(".fold.json")) catalog.leavesOf(name.slice(0, 64));
  migrateFormerLayout(dir, former, store);
  return store;
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * Moves each verified former-layout source into the new layout, smallest first (so a fold of folds finds the folds it
 * contains already stored), then removes the former file once the new copy reads back the same. Never throws.
 */
function migrateFormerLayout(dir: string, former: FoldStore, store: FoldStore): void {
  const sources: { name: string; sha: string; text: string }[] = [];
  for (const name of listDir(dir)) {
    const sha = FORMER_FILE.exec(name)?.[1];
    const text = sha === undefined ? null : former.get(sha);
    if (sha !== undefined && text !== null && sha256Hex(text) === sha) sources.push({ name, sha, text });
  }
  sources.sort((a, b) => a.text.length - b.text.length);
  for (const { name, sha, text } of sources) {
    store.put(text);
    if (existsSync(join(dir, `${sha}.fold.json`)) && store.get(sha) === text) unlinkSync(join(dir, name));
  }
}
