// `/state`: mode <active|passive|off>, status, promote <scope>.<plane>.<key> [kind]. Short text for the person
// (state-format.ts); `--json` shows the full value.
import { gitStatus } from "../git/git-status.ts";
import { type NoticeLevel, takeJsonFlag } from "@powercontext/pi-kit";
import { boundaries } from "../history.ts";
import type { HostContext } from "../host.ts";
import { knowledgeStatus } from "../knowledge/knowledge.ts";
import { isMode } from "../modes.ts";
import { failure, toFailure, type Outcome } from "../outcome.ts";
import { promoteEntry, type PromoteDeps } from "../promote.ts";
import type { StateRuntime } from "../runtime.ts";
import { formatStopStart, startState, stopState } from "../stop/stop-command.ts";
import { effectiveOf } from "../tools/patch-state.ts";
import { PLANES, SCOPES } from "../types.ts";
import {
  formatMode,
  formatPromotion,
  formatStateFailure,
  formatStateStatus,
  type ScopeSummary,
  type StateStatusView,
} from "./state-format.ts";

export const STATE_SUBCOMMANDS = ["status", "mode", "stop", "start", "promote"] as const;
export const STATE_COMMAND_DESCRIPTION =
  "PowerContext state: status, mode <active|passive|off>, stop, start, promote <scope>.<plane>.<key> [kind] [--json]";

export interface StateReport {
  ok: boolean;
  level: NoticeLevel;
  text: string;
}

export async function stateStatus(runtime: StateRuntime, ctx: HostContext): Promise<StateStatusView> {
  const session = await runtime.refresh(ctx);
  const scopes = {} as Record<(typeof SCOPES)[number], ScopeSummary>;
  for (const scope of SCOPES) {
    const head = session.view[scope].head;
    scopes[scope] =
      head === null
        ? { key: session.keys[scope], revision: 0, tail: 0 }
        : {
            key: session.keys[scope],
            revision: head.revision,
            tail: head.tail.length,
            checkpoint_revision: head.checkpoint?.revision ?? 0,
            origin_seq: head.origin_seq,
            updated_at: head.updated_at,
          };
  }
  const effective = effectiveOf(session.view);
  const promotions = session.view.global.current.working.memory_promotions;
  return {
    ok: true,
    mode: session.mode,
    stop: runtime.stops.phase().kind,
    store: runtime.config.root,
    git_backup: runtime.config.gitBackup,
    git: runtime.git === null ? null : gitStatus(runtime.config.root, runtime.git, runtime.config.gitRemote),
    scopes,
    entries: Object.fromEntries(
      PLANES.map((plane) => [plane, Object.keys(effective[plane]).length]),
    ) as StateStatusView["entries"],
    boundaries: boundaries(session.view).length,
    promotions: promotions !== null && typeof promotions === "object" ? Object.keys(promotions).length : 0,
  };
}

/** Runs `/state <args>`. Never rejects. */
export async function runStateCommand(deps: PromoteDeps, args: string, ctx: HostContext): Promise<StateReport> {
  const { json, rest } = takeJsonFlag(args);
  const [sub = "status", ...more] = rest === "" ? [] : rest.split(/\s+/);
  const outcome = await outcomeOf(deps, sub, more, ctx);
  if (!outcome.ok) {
    const { text, level } = formatStateFailure(outcome);
    return { ok: false, level, text: json ? JSON.stringify(outcome) : text };
  }
  if (json) return { ok: true, level: "info", text: JSON.stringify(outcome) };
  const text =
    sub === "status"
      ? formatStateStatus(outcome as unknown as StateStatusView)
      : sub === "mode"
        ? formatMode(String(outcome.mode))
        : sub === "stop" || sub === "start"
          ? formatStopStart(outcome)
          : formatPromotion(outcome);
  return { ok: true, level: "info", text };
}

async function outcomeOf(deps: PromoteDeps, sub: string, rest: string[], ctx: HostContext): Promise<Outcome> {
  const { runtime } = deps;
  try {
    switch (sub) {
      case "status": {
        const status = await stateStatus(runtime, ctx);
        return { ...status, knowledge: await knowledgeStatus(runtime, await runtime.session(ctx)) };
      }
      case "mode": {
        const mode = rest[0];
        if (!isMode(mode)) return failure("invalid_request", "Usage: /state mode <active|passive|off>");
        await runtime.setMode(ctx, mode);
        return { ok: true, mode };
      }
      case "stop":
        return await stopState(runtime, ctx);
      case "start":
        return await startState(runtime, ctx);
      case "promote":
        return await promoteEntry(deps, ctx, rest.join(" "));
      default:
        return failure("invalid_request", `Unknown subcommand "${sub}"; use ${STATE_SUBCOMMANDS.join(", ")}.`);
    }
  } catch (error) {
    return toFailure(error);
  }
}
