// How one leaf message is kept: its exact bytes, or, when a large text part already has an evidence file, the message
// with that part emptied plus a reference to the file. Shared by the pack store and the one-file-per-leaf layout
// before it; decoding always verifies the restored bytes against the leaf's SHA-256.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./digest.ts";
import { EVIDENCE_MIN_CHARS } from "./evidence.ts";

/** `leaf`: the message's exact bytes; `ref`: a LeafReference as JSON. */
export type LeafKind = "leaf" | "ref";

interface LeafReference {
  version: 1;
  /** The message with each referenced part's text emptied, key order kept. */
  message: unknown;
  refs: { part: number; sha256: string }[];
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

/** The payload that keeps one message's bytes, as a reference where a large text part has an evidence file. */
export function encodeLeaf(bytes: string, evidenceDir: string): { kind: LeafKind; payload: string } {
  const message = JSON.parse(bytes) as unknown;
  const refs: LeafReference["refs"] = [];
  partsOf(message).forEach((part, position) => {
    if (part.type !== "text" || typeof part.text !== "string" || part.text.length < EVIDENCE_MIN_CHARS) return;
    const evidence = sha256Hex(part.text);
    if (!existsSync(join(evidenceDir, `${evidence}.txt`))) return;
    part.text = "";
    refs.push({ part: position, sha256: evidence });
  });
  if (refs.length === 0) return { kind: "leaf", payload: bytes };
  const reference: LeafReference = { version: 1, message, refs };
  return { kind: "ref", payload: JSON.stringify(reference) };
}

/** The message's exact bytes, or null when an evidence file is missing or anything fails its hash. */
export function decodeLeaf(kind: LeafKind, payload: string, sha: string, evidenceDir: string): string | null {
  if (kind === "leaf") return sha256Hex(payload) === sha ? payload : null;
  const document = parseOrNull(payload) as LeafReference | null;
  if (document === null || !Array.isArray(document.refs)) return null;
  for (const ref of document.refs) {
    const text = readOnce(join(evidenceDir, `${ref.sha256}.txt`));
    const part = partsOf(document.message)[ref.part];
    if (text === null || sha256Hex(text) !== ref.sha256 || part === undefined) return null;
    part.text = text;
  }
  const restored = JSON.stringify(document.message);
  return sha256Hex(restored) === sha ? restored : null;
}

/** The JSON value of `text`, or null when it does not parse (a damaged record reads as no copy, never throws). */
export function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The bytes of each message of a canonical source (a JSON array), or null when the text is not one. */
export function messageBytes(text: string): string[] | null {
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
