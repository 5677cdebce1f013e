// `/state`: mode <active|passive|off>, status, promote <scope>.<plane>.<key> [kind].
import { boundaries } from "../history.ts";
import type { HostContext } from "../host.ts";
import { isMode } from "../modes.ts";
import { failure, toFailure, type Outcome } from "../outcome.ts";
import { promoteEntry, type PromoteDeps } from "../promote.ts";
import type { StateRuntime } from "../runtime.ts";
import { SCOPES } from "../types.ts";

export const STATE_SUBCOMMANDS = ["status", "mode", "promote"] as const;
export const STATE_COMMAND_DESCRIPTION =
  "PowerContext state: status, mode <active|passive|off>, promote <scope>.<plane>.<key> [kind]";

export async function stateStatus(runtime: StateRuntime, ctx: HostContext): Promise<Outcome> {
  const session = await runtime.refresh(ctx);
  const scopes: Record<string, unknown> = {};
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
  const promotions = session.view.global.current.working.memory_promotions;
  return {
    ok: true,
    mode: session.mode,
    store: runtime.config.root,
    git_backup: runtime.config.gitBackup,
    scopes,
    boundaries: boundaries(session.view).length,
    promotions: promotions !== null && typeof promotions === "object" ? Object.keys(promotions).length : 0,
  };
}

/** Never rejects. */
export async function runStateCommand(deps: PromoteDeps, args: string, ctx: HostContext): Promise<Outcome> {
  const { runtime } = deps;
  const trimmed = args.trim();
  const [sub = "status", ...rest] = trimmed === "" ? [] : trimmed.split(/\s+/);
  try {
    switch (sub) {
      case "status":
        return await stateStatus(runtime, ctx);
      case "mode": {
        const mode = rest[0];
        if (!isMode(mode)) return failure("invalid_request", "usage: /state mode <active|passive|off>");
        await runtime.setMode(ctx, mode);
        return { ok: true, mode };
      }
      case "promote":
        return await promoteEntry(deps, ctx, rest.join(" "));
      default:
        return failure("invalid_request", `unknown subcommand "${sub}"; use ${STATE_SUBCOMMANDS.join(", ")}.`);
    }
  } catch (error) {
    return toFailure(error);
  }
}
