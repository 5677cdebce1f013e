// Evidence files: oversized tool results written once, read-only (0444), under a per-session byte cap.
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";

/** Tool results at least this many characters long are written to an evidence file. */
export const EVIDENCE_MIN_CHARS = 16_384;
/** Per-session cap on evidence bytes. */
export const EVIDENCE_CAP_BYTES = 512 * 1024 * 1024;
export const EVIDENCE_DIR = "powercontext-fold-evidence";

export type EvidenceResult =
  | { status: "small" }
  | { status: "written" | "exists"; sha256: string; path: string; bytes: number }
  | { status: "capped"; used: number; cap: number };

export interface EvidenceLedger {
  usedBytes: number;
}

/** Writes `text` to `<dir>/<sha256>.txt` once (mode 0444) unless that would pass `cap`. Mutates `ledger.usedBytes`. */
export function writeEvidence(
  dir: string,
  text: string,
  ledger: EvidenceLedger,
  { minChars = EVIDENCE_MIN_CHARS, cap = EVIDENCE_CAP_BYTES } = {},
): EvidenceResult {
  if (text.length < minChars) return { status: "small" };
  const sha256 = sha256Hex(text);
  const path = join(dir, `${sha256}.txt`);
  const bytes = Buffer.byteLength(text);
  if (existsSync(path)) return { status: "exists", sha256, path, bytes };
  if (ledger.usedBytes + bytes > cap) return { status: "capped", used: ledger.usedBytes, cap };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, text, { mode: 0o444 });
  chmodSync(path, 0o444);
  ledger.usedBytes += bytes;
  return { status: "written", sha256, path, bytes };
}

export function isReadOnly(path: string): boolean {
  return (statSync(path).mode & 0o777) === 0o444;
}
