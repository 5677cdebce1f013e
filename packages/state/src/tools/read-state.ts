// read_state: one cached projection (effective or one scope) at offset 0–7; never publishes or refreshes. With
// `revision` (a store commit, or "self") it reads Git's cold history instead, beyond the 7-patch hot tail. With `tags`
// the artifacts plane holds only the entries whose tags pass the filter (knowledge/tags.ts).
import { coldUnavailable } from "../git/git-history.ts";
import { viewAt } from "../history.ts";
import type { HostContext } from "../host.ts";
import { failure, toFailure, type Outcome } from "../outcome.ts";
import type { StateRuntime } from "../runtime.ts";
import { selectArtifactsByTags, type TagFilter } from "../knowledge/tags.ts";
import { isJsonObject, overlayScopes } from "../state.ts";
import type { JsonObject, JsonValue } from "../types.ts";

const READ_SCOPES = ["effective", "global", "cwd", "session"] as const;
type ReadScope = (typeof READ_SCOPES)[number];
const READ_FIELDS: readonly string[] = ["scope", "offset", "revision", "tags"];
const TAGS_USAGE = "tags must be an object with `all` and/or `any`, each a list of non-empty strings.";

/** The tag filter as given (undefined: none), or null when it is malformed. */
function tagFilterOf(value: unknown): TagFilter | undefined | null {
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return null;
  const lists = Object.entries(value);
  const valid = ([key, list]: [string, unknown]) =>
    (key === "all" || key === "any") &&
    Array.isArray(list) &&
    list.every((tag) => typeof tag === "string" && tag.trim() !== "");
  return lists.length > 0 && lists.every(valid) ? (value as TagFilter) : null;
}

/** The artifacts plane with only the entries the filter selects (a candidate filter; it authorizes no read). */
function artifactsTagged(artifacts: JsonObject, tags: TagFilter): JsonObject {
  return Object.fromEntries(selectArtifactsByTags(artifacts, tags).map((key) => [key, artifacts[key] as JsonValue]));
}

/** Never rejects. */
export async function runReadState(runtime: StateRuntime, params: unknown, ctx: HostContext): Promise<Outcome> {
  try {
    const session = await runtime.session(ctx);
    if (session.mode !== "active") return failure("state_inactive", `The state tools are off in ${session.mode} mode.`);
    const args = isJsonObject(params) ? params : {};
    for (const key of Object.keys(args))
      if (!READ_FIELDS.includes(key))
        return failure("invalid_read", `${key} is not a read_state field; use scope, offset, revision and tags.`);
    const tags = tagFilterOf(args.tags);
    if (tags === null) return failure("invalid_read", TAGS_USAGE);
    const scope = (args.scope ?? "effective") as ReadScope;
    if (!READ_SCOPES.includes(scope))
      return failure("invalid_read", "scope must be effective, global, cwd or session.");
    const offset = args.offset ?? 0;
    if (typeof offset !== "number") return failure("invalid_read", "offset must be an integer from 0 to 7.");
    const revision = args.revision;
    if (revision !== undefined && typeof revision !== "string")
      return failure("invalid_read", 'revision must be a store commit id or "self".');
    if (revision !== undefined && runtime.git === null) throw coldUnavailable();
    const cold = revision === undefined ? null : await runtime.git?.readAt(session.keys, revision, session.view);
    const historical = viewAt(cold?.view ?? session.view, offset);
    const read = scope === "effective" ? overlayScopes(historical.states) : historical.states[scope];
    const state = tags === undefined ? read : { ...read, artifacts: artifactsTagged(read.artifacts, tags) };
    const at = cold === null || cold === undefined ? {} : { revision: cold.commit };
    return {
      ok: true,
      offset,
      scope,
      ...at,
      ...(tags === undefined ? {} : { tags }),
      boundary: historical.boundary,
      state,
    };
  } catch (error) {
    return toFailure(error);
  }
}
