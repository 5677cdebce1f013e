// The patch_state grammar: parsing a call into a TransitionRequest, then checking it against the captured basis.
// Every rejection is an `invalid_patch` StateError whose details name the reason and the exact path.
import { StateError } from "./errors.ts";
import { findAuthoredEvidence } from "./knowledge/evidence.ts";
import { applyScopePatch, isJsonObject, patchChanges } from "./state.ts";
import {
  PLANES,
  SCOPES,
  type JsonObject,
  type JsonValue,
  type Plane,
  type ScopeName,
  type ScopePatch,
  type ScopeState,
  type TransitionRequest,
} from "./types.ts";

export const PATCH_REJECTIONS = [
  "empty_patch",
  "unknown_field",
  "runtime_owned_field",
  "empty_scope",
  "plane_not_object",
  "materialized_null",
  "unsafe_key",
  "invalid_final",
  "no_op",
  "skill_not_cwd",
  "skill_body",
  "skill_compilation",
  "invalid_tags",
] as const;
export type PatchRejection = (typeof PATCH_REJECTIONS)[number];

/** Fields the runtime owns; a model-authored value is rejected, never stored. */
const RUNTIME_OWNED = new Set(["response"]);

export function rejectPatch(reason: PatchRejection, path: string, message: string): StateError {
  return new StateError("invalid_patch", `${message} Nothing was written.`, { details: { reason, path } });
}

function checkKeys(value: JsonValue, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === null)
        throw rejectPatch(
          "materialized_null",
          `${path}[${index}]`,
          `null inside an array at ${path}[${index}] would be stored as a value; arrays replace whole, so omit it.`,
        );
      checkKeys(item, `${path}[${index}]`);
    });
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === "__proto__")
      throw rejectPatch("unsafe_key", `${path}.${key}`, `The key "__proto__" is not allowed (${path}).`);
    checkKeys(child, `${path}.${key}`);
  }
}

function parseScope(scope: ScopeName, value: unknown): ScopePatch {
  if (!isJsonObject(value))
    throw rejectPatch(
      "plane_not_object",
      scope,
      `${scope} must be an object of planes (artifacts, contract, working).`,
    );
  const keys = Object.keys(value);
  if (keys.length === 0) throw rejectPatch("empty_scope", scope, `${scope} is an empty patch; omit the scope instead.`);
  const patch: ScopePatch = {};
  for (const key of keys) {
    if (RUNTIME_OWNED.has(key))
      throw rejectPatch(
        "runtime_owned_field",
        `${scope}.${key}`,
        `${scope}.${key} is runtime-owned and cannot be authored.`,
      );
    if (!(PLANES as readonly string[]).includes(key)) {
      throw rejectPatch(
        "unknown_field",
        `${scope}.${key}`,
        `${scope}.${key} is not a plane; a scope holds only artifacts, contract and working.`,
      );
    }
    const plane = value[key];
    if (plane === null)
      throw rejectPatch(
        "materialized_null",
        `${scope}.${key}`,
        `${scope}.${key} is null; planes are objects and cannot be deleted.`,
      );
    if (!isJsonObject(plane))
      throw rejectPatch("plane_not_object", `${scope}.${key}`, `${scope}.${key} must be an object.`);
    if (Object.keys(plane).length === 0)
      throw rejectPatch("empty_scope", `${scope}.${key}`, `${scope}.${key} is an empty plane patch; omit it.`);
    checkKeys(plane, `${scope}.${key}`);
    const owned = findAuthoredEvidence(scope, key, plane);
    if (owned !== null)
      throw rejectPatch(
        "runtime_owned_field",
        owned,
        `${owned} is freshness evidence the runtime records itself when you compile a source you read; write only the artifact's description and compilation.`,
      );
    patch[key as Plane] = plane;
  }
  return patch;
}

/** Parses patch_state arguments. Throws an `invalid_patch` StateError. */
export function parseTransition(args: unknown): TransitionRequest {
  if (!isJsonObject(args)) throw rejectPatch("empty_patch", "", "patch_state takes an object.");
  const patches: TransitionRequest["patches"] = {};
  let final = false;
  for (const [key, value] of Object.entries(args)) {
    if (RUNTIME_OWNED.has(key))
      throw rejectPatch("runtime_owned_field", key, `${key} is runtime-owned and cannot be authored.`);
    if (key === "final") {
      if (value !== true) throw rejectPatch("invalid_final", "final", "final must be true when present.");
      final = true;
      continue;
    }
    if (!(SCOPES as readonly string[]).includes(key)) {
      throw rejectPatch("unknown_field", key, `${key} is not a patch_state field; use global, cwd, session and final.`);
    }
    patches[key as ScopeName] = parseScope(key as ScopeName, value);
  }
  if (Object.keys(patches).length === 0 && !final)
    throw rejectPatch("empty_patch", "", "patch_state needs at least one of global, cwd, session, or final: true.");
  return { patches, final };
}

/** A null must delete a key that exists in an existing object; anywhere else it would be materialized. */
function checkNulls(target: JsonObject | null, patch: JsonObject, path: string): void {
  for (const [key, value] of Object.entries(patch)) {
    const under = target === null ? undefined : target[key];
    if (value === null) {
      if (under === undefined)
        throw rejectPatch(
          "materialized_null",
          `${path}.${key}`,
          `null at ${path}.${key} deletes nothing: the key does not exist.`,
        );
      continue;
    }
    if (isJsonObject(value)) checkNulls(isJsonObject(under) ? under : null, value, `${path}.${key}`);
  }
}

/**
 * Applies a parsed request to the basis states of its scopes. Throws `materialized_null` or `no_op`
 * (a supplied scope whose state would not change).
 */
export function applyTransition(
  basis: Partial<Record<ScopeName, ScopeState>>,
  request: TransitionRequest,
): Partial<Record<ScopeName, ScopeState>> {
  const next: Partial<Record<ScopeName, ScopeState>> = {};
  for (const scope of SCOPES) {
    const patch = request.patches[scope];
    if (patch === undefined) continue;
    const state = basis[scope];
    if (state === undefined) throw new Error(`applyTransition: no basis for ${scope}`);
    for (const plane of PLANES) {
      const planePatch = patch[plane];
      if (planePatch !== undefined) checkNulls(state[plane], planePatch, `${scope}.${plane}`);
    }
    if (!PLANES.some((plane) => patch[plane] !== undefined && patchChanges(state[plane], patch[plane])))
      throw rejectPatch("no_op", scope, `The ${scope} patch changes nothing; the values are already current.`);
    next[scope] = applyScopePatch(state, patch);
  }
  return next;
}
