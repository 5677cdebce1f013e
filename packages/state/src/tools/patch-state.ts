// patch_state: barrier check, grammar, compare-and-swap publication, then the receipt (the new effective state).
import { barrierVerdict, batchFromBranch } from "../barrier.ts";
import type { HostContext } from "../host.ts";
import { type Failure, failure, toFailure, type Outcome } from "../outcome.ts";
import { withCompilerEvidence } from "../knowledge/knowledge.ts";
import { parseTransition } from "../patch.ts";
import type { StateRuntime } from "../runtime.ts";
import { withoutBookkeeping } from "../bookkeeping.ts";
import { overlayScopes } from "../state.ts";
import { latchEligibility } from "../turn-resolution.ts";
import { SCOPES, type ScopeState, type View } from "../types.ts";

/** The effective state as the model sees it: the overlay of the three scopes, without bookkeeping. */
export function effectiveOf(view: View): ScopeState {
  return withoutBookkeeping(
    overlayScopes({ global: view.global.current, cwd: view.cwd.current, session: view.session.current }),
  );
}

/** Why this call must not run because of its siblings, or null. */
export function barrierFor(runtime: StateRuntime, ctx: HostContext, callId: string): string | null {
  const batch = runtime.batches.batchOf(callId) ?? batchFromBranch(ctx.sessionManager.getBranch(), callId);
  return batch === null ? null : barrierVerdict(batch, callId);
}

/** The tool_call hook: blocks a call its siblings bar, with the reason the model sees. */
export function blockBarredCall(
  runtime: StateRuntime,
  ctx: HostContext,
  callId: string,
): { block: true; reason: string } | undefined {
  const reason = barrierFor(runtime, ctx, callId);
  return reason === null ? undefined : { block: true, reason };
}

/** Never rejects. A failure is also recorded in the opt-in diagnostic log, with the patch as the model sent it. */
export async function runPatchState(
  runtime: StateRuntime,
  params: unknown,
  ctx: HostContext,
  callId: string,
): Promise<Outcome> {
  const outcome = await attemptPatch(runtime, params, ctx, callId);
  if (outcome.ok === false) {
    const { code, details } = outcome as Failure;
    runtime.diagnostics.record("patch_rejected", {
      session: ctx.sessionManager.getSessionId(),
      code,
      details,
      patch: params,
    });
  }
  return outcome;
}

async function attemptPatch(
  runtime: StateRuntime,
  params: unknown,
  ctx: HostContext,
  callId: string,
): Promise<Outcome> {
  try {
    const session = await runtime.session(ctx);
    if (session.mode !== "active")
      return failure("state_inactive", `The state tools are off in ${session.mode} mode; nothing was written.`);
    const blocked = barrierFor(runtime, ctx, callId);
    if (blocked !== null) return failure("barrier", blocked);
    // Compiled artifacts carry the runtime's evidence of the source read, in the same transition.
    const request = withCompilerEvidence(runtime, session, parseTransition(params));
    if (Object.keys(request.patches).length === 0) {
      latchEligibility(session.resolution);
      return { ok: true, transition: null, final: true, scopes: {} };
    }
    const result = await runtime.store.publish(session.keys, session.view, request);
    session.view = result.view;
    if (result.status === "conflict") {
      const current: Record<string, unknown> = {};
      for (const scope of result.scopes) current[scope] = result.view[scope].current;
      return failure(
        "state_conflict",
        `The ${result.scopes.join(" and ")} scope changed since you last saw it (another writer); nothing was written. Re-apply your change to the current state below if it still holds.`,
        { scopes: result.scopes, current },
      );
    }
    session.accepted.push({ transition: result.transition, seq: result.seq });
    // Only an accepted final patch makes the run's next prose its answer (turn-resolution.ts).
    if (request.final) latchEligibility(session.resolution);
    const scopes: Record<string, unknown> = {};
    for (const scope of SCOPES) {
      const patch = request.patches[scope];
      if (patch !== undefined) scopes[scope] = { revision: result.revisions[scope], patch };
    }
    return { ok: true, transition: result.transition, final: request.final, scopes, state: effectiveOf(result.view) };
  } catch (error) {
    runtime.log("patch_state.failed", { code: (error as { code?: unknown }).code ?? "unexpected" });
    return toFailure(error);
  }
}
