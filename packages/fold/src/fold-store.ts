// The fold store: exact source bytes addressed by SHA-256, written once, read back and verified by the caller.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";

export interface FoldStore {
  /** Stores `text` under its SHA-256; idempotent. Returns the hash. */
  put(text: string): string;
  /** The stored bytes, or null. The caller verifies them. */
  get(sha256: string): string | null;
}

export function openMemoryFoldStore(): FoldStore {
  const blobs = new Map<string, string>();
  return {
    put(text) {
      const sha = sha256Hex(text);
      blobs.set(sha, text);
      return sha;
    },
    get: (sha) => blobs.get(sha) ?? null,
  };
}

/** Files `<dir>/<sha256>.json`, mode 0444. */
export function openFileFoldStore(dir: string): FoldStore {
  return {
    put(text) {
      const sha = sha256Hex(text);
      const path = join(dir, `${sha}.json`);
      if (!existsSync(path)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path, text, { mode: 0o444 });
        chmodSync(path, 0o444);
      }
      return sha;
    },
    get(sha) {
      if (!/^[0-9a-f]{64}$/.test(sha)) return null;
      try {
        return readFileSync(join(dir, `${sha}.json`), "utf8");
      } catch {
        return null;
      }
    },
  };
}
