// A fold store whose sources point to evidence files instead of repeating their bytes: a large text part that already
// has an evidence file (same SHA-256) is stored as a reference, and restored, verified, on read.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS } from "./evidence.ts";
import { openFileFoldStore, type FoldStore } from "./fold-store.ts";

interface Reference {
  message: number;
  part: number;
  sha256: string;
}

interface ReferencedSource {
  version: 1;
  /** The source with each referenced part's text emptied, key order kept. */
  messages: unknown[];
  refs: Reference[];
}

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

/**
 * Files `<dir>/<sha256>.json` (no evidence referenced) or `<dir>/<sha256>.ref.json`, mode 0444, where sha256 is always
 * that of the full source bytes. `get` returns the full bytes, or null when a referenced evidence file is missing or
 * no longer matches its SHA-256 (the caller then rebuilds from the live entries).
 */
export function openEvidenceBackedStore(dir: string, evidenceDir: string): FoldStore {
  const plain = openFileFoldStore(dir);
  return {
    put(text) {
      const sha = sha256Hex(text);
      const refPath = join(dir, `${sha}.ref.json`);
      if (existsSync(refPath) || existsSync(join(dir, `${sha}.json`))) return sha;
      const messages = JSON.parse(text) as unknown[];
      const refs: Reference[] = [];
      messages.forEach((message, index) => {
        partsOf(message).forEach((part, position) => {
          if (part.type !== "text" || typeof part.text !== "string" || part.text.length < EVIDENCE_MIN_CHARS) return;
          const evidence = sha256Hex(part.text);
          if (!existsSync(join(evidenceDir, `${evidence}.txt`))) return;
          part.text = "";
          refs.push({ message: index, part: position, sha256: evidence });
        });
      });
      if (refs.length === 0) return plain.put(text);
      const document: ReferencedSource = { version: 1, messages, refs };
      mkdirSync(dir, { recursive: true });
      writeFileSync(refPath, JSON.stringify(document), { mode: 0o444 });
      chmodSync(refPath, 0o444);
      return sha;
    },
    get(sha) {
      const stored = plain.get(sha);
      if (stored !== null || !/^[0-9a-f]{64}$/.test(sha)) return stored;
      const raw = readOnce(join(dir, `${sha}.ref.json`));
      if (raw === null) return null;
      const document = JSON.parse(raw) as ReferencedSource;
      for (const ref of document.refs) {
        const text = readOnce(join(evidenceDir, `${ref.sha256}.txt`));
        if (text === null || sha256Hex(text) !== ref.sha256) return null;
        const part = partsOf(document.messages[ref.message])[ref.part];
        if (part === undefined) return null;
        part.text = text;
      }
      return JSON.stringify(document.messages);
    },
  };
}
