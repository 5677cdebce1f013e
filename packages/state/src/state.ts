// Pure semantic state: the empty scope, the recursive overlay of scopes and the merge-patch of one plane.
import { canonicalJson } from "@powercontext/protocol";
import {
  PLANES,
  SCOPES,
  type JsonObject,
  type JsonValue,
  type ScopeName,
  type ScopePatch,
  type ScopeState,
} from "./types.ts";

export function emptyState(): ScopeState {
  return { artifacts: {}, contract: {}, working: {} };
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Byte-exact equality of two JSON values (canonical form). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function cloneValue(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (isJsonObject(value)) {
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(value)) copy[key] = cloneValue(child);
    return copy;
  }
  return value;
}

/** Objects merge recursively; arrays and primitives of `top` replace. Neither input is modified. */
export function overlayObjects(base: JsonObject, top: JsonObject): JsonObject {
  const merged: JsonObject = {};
  for (const [key, value] of Object.entries(base)) merged[key] = cloneValue(value);
  for (const [key, value] of Object.entries(top)) {
    const under = merged[key];
    merged[key] = isJsonObject(under) && isJsonObject(value) ? overlayObjects(under, value) : cloneValue(value);
  }
  return merged;
}

/** The effective state: global → cwd → session, plane by plane. */
export function overlayScopes(states: Record<ScopeName, ScopeState>): ScopeState {
  let effective = emptyState();
  for (const scope of SCOPES) {
    const next = emptyState();
    for (const plane of PLANES) next[plane] = overlayObjects(effective[plane], states[scope][plane]);
    effective = next;
  }
  return effective;
}

/**
 * Applies one plane patch: a nested `null` deletes an existing key, objects merge into existing objects, anything
 * else replaces. The patch must already be validated (no null that deletes nothing); see patch.ts.
 */
export function mergePatch(target: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = {};
  for (const [key, value] of Object.entries(target)) merged[key] = value;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
      continue;
    }
    const under = merged[key];
    merged[key] = isJsonObject(under) && isJsonObject(value) ? mergePatch(under, value) : cloneValue(value);
  }
  return merged;
}

/**
 * Whether applying a validated plane patch (every null deletes an existing key) would change `target`. Walks only the
 * patch, so its cost does not grow with the state; agrees with comparing the canonical JSON before and after.
 */
export function patchChanges(target: JsonObject, patch: JsonObject): boolean {
  for (const [key, value] of Object.entries(patch)) {
    const under = target[key];
    if (value === null) {
      if (under !== undefined) return true;
      continue;
    }
    if (isJsonObject(under) && isJsonObject(value)) {
      if (patchChanges(under, value)) return true;
      continue;
    }
    if (under === undefined || !sameJson(under, value)) return true;
  }
  return false;
}

export function applyScopePatch(state: ScopeState, patch: ScopePatch): ScopeState {
  const next: ScopeState = { ...state };
  for (const plane of PLANES) {
    const planePatch = patch[plane];
    if (planePatch !== undefined) next[plane] = mergePatch(state[plane], planePatch);
  }
  return next;
}
