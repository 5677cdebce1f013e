// read_state: one cached projection (effective or one scope) at offset 0–7; never publishes or refreshes. With
// `revision` (a store commit, or "self") it reads Git's cold history instead, beyond the 7-patch hot tail.
import { coldUnavailable } from "../git/git-history.ts";
import { viewAt } from "../history.ts";
import type { HostContext } from "../host.ts";
import { failure, toFailure, type Outcome } from "../outcome.ts";
import type { StateRuntime } from "../runtime.ts";
import { isJsonObject, overlayScopes } from "../state.ts";

const READ_SCOPES = ["effective", "global", "cwd", "session"] as const;
type ReadScope = (typeof READ_SCOPES)[number];

/** Never rejects. */
export async function runReadState(runtime: StateRuntime, params: unknown, ctx: HostContext): Promise<Outcome> {
  try {
    const session = await runtime.session(ctx);
    if (session.mode !== "active") return failure("state_inactive", `The state tools are off in ${session.mode} mode.`);
    const args = isJsonObject(params) ? params : {};
    for (const key of Object.keys(args))
      if (key !== "scope" && key !== "offset" && key !== "revision")
        return failure("invalid_read", `${key} is not a read_state field; use scope, offset and revision.`);
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
    const state = scope === "effective" ? overlayScopes(historical.states) : historical.states[scope];
    const at = cold === null || cold === undefined ? {} : { revision: cold.commit };
    return { ok: true, offset, scope, ...at, boundary: historical.boundary, state };
  } catch (error) {
    return toFailure(error);
  }
}
