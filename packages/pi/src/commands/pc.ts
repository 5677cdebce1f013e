// `/pc`: diagnostics and explicit checks. No argument, doctor, search, remember, flush and stats; nothing else.
import type { HostContext } from "@powercontext/pi-kit";
import type { Runtime } from "../runtime.ts";
import { runScoped } from "../tools/run-tool.ts";
import { failure, toFailure, type ToolOutcome } from "../tools/outcome.ts";

export const PC_SUBCOMMANDS = ["doctor", "search", "remember", "flush", "stats"] as const;
export const PC_USAGE = "Usage: /pc [doctor | search <query> | remember <text> | flush | stats]";

export interface CommandReport {
  ok: boolean;
  text: string;
}

type CommandContext = Pick<HostContext, "cwd" | "hasUI" | "ui" | "signal">;

function report(value: ToolOutcome | Record<string, unknown>, ok: boolean): CommandReport {
  return { ok, text: JSON.stringify(value, null, 2) };
}

/** Runs `/pc <args>`. Never rejects; the wiring shows the report (UI notify, or stderr without a UI). */
export async function runPcCommand(runtime: Runtime, args: string, ctx: CommandContext): Promise<CommandReport> {
  const trimmed = args.trim();
  const [sub = "", ...rest] = trimmed.split(/\s+/);
  const argument = trimmed.slice(sub.length).trim();
  const signal = ctx.signal;
  switch (sub) {
    case "":
      return status(runtime, ctx);
    case "doctor":
      return doctor(runtime, signal);
    case "search": {
      if (argument === "") return report(failure("invalid_request", "Usage: /pc search <query>"), false);
      const outcome = await runScoped(
        runtime,
        { operation: "search_memory", body: { query: argument, limit: 8, mode: "auto" }, mutation: false, summary: "" },
        ctx,
        signal,
      );
      return report(outcome, outcome.ok);
    }
    case "remember": {
      if (argument === "") return report(failure("invalid_request", "Usage: /pc remember <text>"), false);
      const body = { kind: "agent-note", text: argument };
      const outcome = await runScoped(
        runtime,
        {
          operation: "remember_memory",
          body,
          mutation: true,
          summary: `/pc remember will save an agent note:\n${argument}`,
        },
        ctx,
        signal,
      );
      return report(outcome, outcome.ok);
    }
    case "flush": {
      if (rest.length > 0) return report(failure("invalid_request", "Usage: /pc flush"), false);
      const outcome = await runScoped(
        runtime,
        {
          operation: "flush_memory",
          body: {},
          mutation: true,
          summary: "/pc flush will process pending Sources into Memory.",
        },
        ctx,
        signal,
      );
      return report(outcome, outcome.ok);
    }
    case "stats": {
      if (rest.length > 0) return report(failure("invalid_request", "Usage: /pc stats"), false);
      const outcome = await runScoped(
        runtime,
        { operation: "get_stats", body: {}, mutation: false, summary: "" },
        ctx,
        signal,
      );
      return report(outcome, outcome.ok);
    }
    default:
      return report(failure("invalid_request", PC_USAGE), false);
  }
}

async function status(runtime: Runtime, ctx: CommandContext): Promise<CommandReport> {
  const { settings } = runtime;
  let scope: string | null = null;
  try {
    scope = await runtime.scopes.resolve(ctx.cwd);
  } catch {
    scope = null;
  }
  const pending = scope === null ? null : (runtime.flusher.pendingPosition(scope) ?? null);
  return report(
    {
      ok: scope !== null,
      base_url: settings.baseUrl,
      scope_id: scope,
      capture_prompts: settings.capturePrompts,
      max_bytes: settings.maxBytes,
      pending_position: pending,
      hint: "Use /pc doctor to check the Server.",
    },
    scope !== null,
  );
}

async function doctor(runtime: Runtime, signal: AbortSignal | undefined): Promise<CommandReport> {
  const probe = async (operation: "get_liveness" | "get_readiness"): Promise<ToolOutcome> => {
    try {
      const response = await runtime.client.request(operation, {}, signal);
      return { ok: true, status: response.status, request_id: response.requestId, data: response.value };
    } catch (error) {
      return toFailure(error);
    }
  };
  const [live, ready] = await Promise.all([probe("get_liveness"), probe("get_readiness")]);
  const ok = live.ok && ready.ok;
  return report({ ok, base_url: runtime.settings.baseUrl, live, ready }, ok);
}
