// Migration of the fold store's two earlier layouts into pack files, when a store is opened: the first kept one whole
// source per fold (`<sha256>.json`, or `.ref.json` referencing evidence files), the second one file per leaf
// (`leaves/`) and one record per fold (`<sha256>.fold.json`). Every source that verifies is stored again, smallest
// first (so a fold of folds references the folds it contains), and its former file is removed once the packed copy
// reads back the same bytes. What does not verify is left as it is and still read (the caller refuses it by its hash),
// so both layouts stay verifiable. A migration cut short (a process killed) resumes at the next open.
import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";
import type { FoldStore } from "./fold-store.ts";
import { encodeLeaf } from "./leaf-encoding.ts";
import type { LeafFileStore } from "./leaf-file-store.ts";
import type { PackFiles } from "./pack-file.ts";

const WHOLE_SOURCE_FILE = /^([0-9a-f]{64})(?:\.ref)?\.json$/;

export interface MigrationInput {
  dir: string;
  evidenceDir: string;
  pack: PackFiles;
  store: FoldStore;
  /** A source read from the pack files only (never from a former file). */
  packed(sha: string): string | null;
  wholeSources: FoldStore;
  leafFiles: LeafFileStore;
}

interface FormerSource {
  sha: string;
  text: string;
  /** The former file that holds it (for a leaf-file fold, its record; its leaves are removed with the directory). */
  path: string;
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Moves every verified source of the former layouts into the pack files. Never throws. */
export function migrateFormerLayouts(input: MigrationInput): void {
  try {
    migrate(input);
  } catch {
    // A failed migration leaves the former files in place, where the store still reads them.
  }
}

function migrate({ dir, evidenceDir, pack, store, packed, wholeSources, leafFiles }: MigrationInput): void {
  const verified = (sha: string, text: string | null): text is string => text !== null && sha256Hex(text) === sha;
  const sources: FormerSource[] = [];
  const folds = leafFiles.folds();
  for (const sha of folds) {
    const text = leafFiles.get(sha);
    if (verified(sha, text)) sources.push({ sha, text, path: join(dir, `${sha}.fold.json`) });
  }
  for (const name of listDir(dir)) {
    const sha = WHOLE_SOURCE_FILE.exec(name)?.[1];
    const text = sha === undefined ? null : wholeSources.get(sha);
    if (sha !== undefined && verified(sha, text)) sources.push({ sha, text, path: join(dir, name) });
  }
  sources.sort((a, b) => a.text.length - b.text.length);
  for (const source of sources) store.put(source.text);
  let moved = 0;
  for (const { sha, text, path } of sources) {
    if (packed(sha) !== text) continue;
    unlinkSync(path);
    if (path.endsWith(".fold.json")) moved += 1;
  }
  if (folds.length === 0 || moved < folds.length) return;
  // Every leaf-file fold is packed: the leaves go too, each once its bytes are in a pack.
  const leaves = leafFiles.leafFiles();
  const orphans = leaves.flatMap(({ sha }) => {
    const bytes = pack.has(sha) ? null : leafFiles.leaf(sha);
    return bytes === null ? [] : [{ sha, ...encodeLeaf(bytes, evidenceDir) }];
  });
  pack.append(orphans);
  for (const { sha, path } of leaves) if (pack.has(sha)) unlinkSync(path);
  if (listDir(join(dir, "leaves")).length === 0) rmdirSync(join(dir, "leaves"));
}
