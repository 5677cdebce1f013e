// The on-disk form of one scope: `scopes/<scope>.<key>.json` holds its metadata, checkpoint and retained tail, and
// is the scope's commit point (replaced atomically). Serialization is deterministic.
import { join } from "node:path";
import { sha256Hex } from "@powercontext/protocol";
import { isRealDirectory, readOwnedFile } from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import { emptyStream, materialize } from "./history.ts";
import { SCOPES_DIRECTORY, scopeFileName } from "./scopes.ts";
import { emptyState, isJsonObject } from "./state.ts";
import { PLANES, type ScopeHead, type ScopeName, type ScopeState, type ScopeStream } from "./types.ts";

export function scopePath(root: string, scope: ScopeName, key: string): string {
  return join(root, SCOPES_DIRECTORY, scopeFileName(scope, key));
}

export function serializeHead(head: ScopeHead): string {
  return `${JSON.stringify(head)}\n`;
}

function corrupt(path: string, why: string): StateError {
  return new StateError("corrupt_store", `${path}: ${why}`);
}

function parseState(value: unknown, path: string): ScopeState {
  if (!isJsonObject(value)) throw corrupt(path, "state is not an object");
  const state = emptyState();
  for (const plane of PLANES) {
    const planeValue = value[plane];
    if (!isJsonObject(planeValue)) throw corrupt(path, `${plane} is not an object`);
    state[plane] = planeValue;
  }
  return state;
}

export function parseHead(bytes: Buffer, path: string, scope: ScopeName, key: string): ScopeHead {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw corrupt(path, "not JSON");
  }
  const head = value as ScopeHead;
  if (!isJsonObject(value) || head.format !== "powercontext.state.head.v1" || head.scope !== scope || head.key !== key)
    throw corrupt(path, "not a file of this scope");
  if (!Number.isInteger(head.revision) || !Number.isFinite(head.seq) || !Array.isArray(head.tail))
    throw corrupt(path, "malformed scope file");
  if (head.checkpoint !== null) head.checkpoint.state = parseState(head.checkpoint.state, path);
  return head;
}

export interface LoadedStream {
  stream: ScopeStream;
  /** The file's bytes (null when absent): the `before` of a journaled publication. */
  bytes: Buffer | null;
}

/**
 * Reads one scope file; an absent file is the empty genesis stream. When the bytes hash to `known.basis`, `known` is
 * returned as it is (same bytes, same content) instead of parsing and materializing again.
 */
export function readStream(root: string, scope: ScopeName, key: string, known?: ScopeStream): LoadedStream {
  if (!isRealDirectory(root, SCOPES_DIRECTORY)) return { stream: emptyStream(scope, key), bytes: null };
  const path = scopePath(root, scope, key);
  const bytes = readOwnedFile(path);
  if (bytes === null) return { stream: emptyStream(scope, key), bytes: null };
  const basis = sha256Hex(bytes);
  if (known !== undefined && known.basis === basis && known.scope === scope && known.key === key)
    return { stream: known, bytes };
  const head = parseHead(bytes, path, scope, key);
  const checkpoint = head.checkpoint?.state ?? emptyState();
  return { stream: { scope, key, head, checkpoint, current: materialize(checkpoint, head.tail), basis }, bytes };
}

/** Loads one scope stream; an absent file is the empty genesis stream. */
export function loadStream(root: string, scope: ScopeName, key: string, known?: ScopeStream): ScopeStream {
  return readStream(root, scope, key, known).stream;
}

/** A scope file ready to be written: its bytes and their hash, and the bytes it replaces (null: absent). */
export interface PreparedScope {
  path: string;
  bytes: string;
  sha256: string;
  before: Buffer | null;
}

export function prepareScopeFile(
  root: string,
  scope: ScopeName,
  head: ScopeHead,
  before: Buffer | null,
): PreparedScope {
  const bytes = serializeHead(head);
  return { path: scopePath(root, scope, head.key), bytes, sha256: sha256Hex(bytes), before };
}
