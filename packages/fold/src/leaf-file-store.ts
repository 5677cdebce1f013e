// The second layout of the fold store, one file per leaf: `<dir>/leaves/<sha256>.json` (or `.ref.json`, a large part
// kept as a reference to its evidence file) and `<dir>/<sha256>.fold.json` per fold, listing its parts. Each leaf took
// its own file system block, so the store is now kept in pack files (content-store.ts); this reads stores written in
// this layout so they can be migrated, and writes them for the tests of that migration.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";
import { FOLD_PART, FoldCatalog, type FoldDocument } from "./fold-catalog.ts";
import type { FoldStore } from "./fold-store.ts";
import { decodeLeaf, encodeLeaf, messageBytes, parseOrNull } from "./leaf-encoding.ts";

const HASH = /^[0-9a-f]{64}$/;

export interface LeafFileStore extends FoldStore {
  /** The hashes of the folds this layout holds (`<sha256>.fold.json`). */
  folds(): string[];
  /** The leaf files, each with the hash it is kept under. */
  leafFiles(): { sha: string; path: string }[];
  /** One leaf's exact bytes, verified, or null. */
  leaf(sha: string): string | null;
}

function readOnce(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
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

export function openLeafFileStore(dir: string, evidenceDir: string): LeafFileStore {
  const leavesDir = join(dir, "leaves");
  const readDocument = (sha: string): FoldDocument | null => {
    const raw = HASH.test(sha) ? readOnce(join(dir, `${sha}.fold.json`)) : null;
    const document = raw === null ? null : (parseOrNull(raw) as FoldDocument | null);
    return Array.isArray(document?.parts) ? document : null;
  };
  const catalog = new FoldCatalog(readDocument);
  const leaf = (sha: string): string | null => {
    if (!HASH.test(sha)) return null;
    const whole = readOnce(join(leavesDir, `${sha}.json`));
    if (whole !== null) return decodeLeaf("leaf", whole, sha, evidenceDir);
    const raw = readOnce(join(leavesDir, `${sha}.ref.json`));
    return raw === null ? null : decodeLeaf("ref", raw, sha, evidenceDir);
  };
  const assemble = (sha: string): string | null => {
    const document = readDocument(sha);
    if (document === null) return null;
    const pieces: string[] = [];
    for (const part of document.parts) {
      const inner = part.startsWith(FOLD_PART) ? assemble(part.slice(FOLD_PART.length)) : null;
      if (part.startsWith(FOLD_PART) && (inner === null || sha256Hex(inner) !== part.slice(FOLD_PART.length)))
        return null;
      const bytes = inner === null ? leaf(part) : inner.slice(1, -1);
      if (bytes === null) return null;
      pieces.push(bytes);
    }
    return `[${pieces.join(",")}]`;
  };
  const folds = (): string[] =>
    listDir(dir).flatMap((name) => (name.endsWith(".fold.json") ? [name.slice(0, 64)] : []));
  for (const sha of folds()) catalog.leavesOf(sha);
  return {
    put(text) {
      const sha = sha256Hex(text);
      const bytes = messageBytes(text);
      if (bytes === null || bytes.length === 0) throw new Error("not a canonical source");
      mkdirSync(leavesDir, { recursive: true });
      const leaves = bytes.map((message) => {
        const leafSha = sha256Hex(message);
        const { kind, payload } = encodeLeaf(message, evidenceDir);
        writeOnce(join(leavesDir, `${leafSha}${kind === "ref" ? ".ref" : ""}.json`), payload);
        return leafSha;
      });
      writeOnce(join(dir, `${sha}.fold.json`), JSON.stringify({ version: 2, parts: catalog.partsOf(leaves) }));
      catalog.remember(sha, leaves);
      return sha;
    },
    get: (sha) => (HASH.test(sha) ? assemble(sha) : null),
    folds,
    leafFiles: () =>
      listDir(leavesDir).flatMap((name) =>
        HASH.test(name.slice(0, 64)) ? [{ sha: name.slice(0, 64), path: join(leavesDir, name) }] : [],
      ),
    leaf,
  };
}
