// Artifact tags: unique, trimmed, non-empty strings. They let candidates be filtered deterministically; they never
// authorize reading a source (only the model's own read of it does).
import { rejectPatch } from "../patch.ts";
import { isJsonObject } from "../state.ts";
import type { JsonObject, TransitionRequest } from "../types.ts";

function tagProblem(tags: unknown): string | null {
  if (!Array.isArray(tags)) return "tags must be an array of strings";
  const seen = new Set<string>();
  for (const tag of tags) {
    if (typeof tag !== "string" || tag === "" || tag !== tag.trim())
      return `tag ${JSON.stringify(tag)} is not a trimmed non-empty string`;
    if (seen.has(tag)) return `tag ${JSON.stringify(tag)} is repeated`;
    seen.add(tag);
  }
  return null;
}

/** Throws an `invalid_patch` (`invalid_tags`) when an artifact entry the request writes has malformed tags. */
export function checkArtifactTags(request: TransitionRequest): void {
  for (const [scope, patch] of Object.entries(request.patches) as [string, JsonObject][]) {
    if (!isJsonObject(patch.artifacts)) continue;
    for (const [key, entry] of Object.entries(patch.artifacts)) {
      if (!isJsonObject(entry) || !Object.hasOwn(entry, "tags")) continue;
      const problem = tagProblem(entry.tags);
      const path = `${scope}.artifacts.${key}.tags`;
      if (problem !== null) throw rejectPatch("invalid_tags", path, `${path}: ${problem}.`);
    }
  }
}

/** A tag filter: every tag of `all` and at least one of `any` (an omitted list does not constrain). */
export interface TagFilter {
  all?: readonly string[];
  any?: readonly string[];
}

/**
 * The artifact keys, sorted, whose entry's tags pass `filter` (an entry without valid tags matches no tag). A match
 * selects candidates only: it never authorizes reading a source.
 */
export function selectArtifactsByTags(artifacts: JsonObject, filter: TagFilter): string[] {
  const keys: string[] = [];
  for (const [key, entry] of Object.entries(artifacts)) {
    const tags = isJsonObject(entry) && tagProblem(entry.tags) === null ? (entry.tags as string[]) : [];
    const all = filter.all ?? [];
    const any = filter.any;
    if (all.every((tag) => tags.includes(tag)) && (any === undefined || any.some((tag) => tags.includes(tag))))
      keys.push(key);
  }
  return keys.sort();
}
