// Skills are cwd artifacts with a stricter compilation: an artifact whose merged entry has `kind: "skill"` must live
// in the cwd scope and carry a `compilation` that says when it applies, what it constrains and how it fails, and it
// holds no copy of the Skill's text (the source stays in its file; the artifact only routes to it).
import { rejectPatch } from "../patch.ts";
import { isJsonObject, mergePatch } from "../state.ts";
import type { JsonObject, JsonValue, ScopeName, ScopeState, TransitionRequest } from "../types.ts";

/** What a Skill's compilation must say, each a non-empty value. */
export const SKILL_COMPILATION_FIELDS: readonly string[] = ["applicability", "constraints", "failure_conditions"];

/** Entry fields that would hold the Skill's source text. */
const BODY_FIELDS: readonly string[] = ["body", "content", "source_text"];

function isEmpty(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return false;
}

/** Throws an `invalid_patch` when a skill entry breaks the stricter compilation. */
function checkSkillEntry(scope: ScopeName, key: string, entry: JsonObject): void {
  const path = `${scope}.artifacts.${key}`;
  if (scope !== "cwd")
    throw rejectPatch("skill_not_cwd", path, `${path} has kind "skill"; Skills are cwd artifacts, write it under cwd.`);
  const body = BODY_FIELDS.find((field) => Object.hasOwn(entry, field));
  if (body !== undefined)
    throw rejectPatch(
      "skill_body",
      `${path}.${body}`,
      `${path}.${body} would copy the Skill's text into state; keep only its routing (description, compilation).`,
    );
  const compilation = isJsonObject(entry.compilation) ? entry.compilation : {};
  const missing = SKILL_COMPILATION_FIELDS.filter((field) => isEmpty(compilation[field]));
  if (missing.length > 0)
    throw rejectPatch(
      "skill_compilation",
      `${path}.compilation`,
      `${path} is a Skill; its compilation needs non-empty ${SKILL_COMPILATION_FIELDS.join(", ")} (missing: ${missing.join(", ")}).`,
    );
}

/** Checks every artifact entry the request writes, as it will be after the merge with `basis`. */
export function checkSkillEntries(basis: Record<ScopeName, ScopeState>, request: TransitionRequest): void {
  for (const [scope, patch] of Object.entries(request.patches) as [ScopeName, JsonObject][]) {
    const artifacts = patch.artifacts;
    if (!isJsonObject(artifacts)) continue;
    for (const [key, value] of Object.entries(artifacts)) {
      if (!isJsonObject(value)) continue;
      const before = basis[scope].artifacts[key];
      const entry = isJsonObject(before) ? mergePatch(before, value) : value;
      if (entry.kind === "skill") checkSkillEntry(scope, key, entry);
    }
  }
}
