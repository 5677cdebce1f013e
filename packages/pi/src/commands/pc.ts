// `/pc`: diagnostics and explicit checks. No argument, doctor, search, remember, flush and stats; nothing else.
import type { HostContext } from "@powercontext/pi-kit";
import { decidePlacement, promptSections } from "../placement.ts";
import type { Runtime } from "../runtime.ts";
import { runScoped, type ScopedRequest } from "../tools/run-tool.ts";
import { failure, toFailure, type ToolOutcome } from "../tools/outcome.ts";

export const PC_SUBCOMMANDS = ["doctor", "search", "remember", "flush", "stats"] as const;
export const PC_USAGE = "Usage: /pc [doctor | search <query> | remember <text> | flush | stats]";

export interface CommandReport {
  ok: boolean;
  text: string;
}

type CommandContext = Pick<HostContext, "cwd" | "hasUI" | "ui" | "signal"> & {
  /** Pi's prompt options (a command context has them); their `sections` tell whether the host has sections. */
  getSystemPromptOptions?: () => unknown;
};

function report(value: ToolOutcome | Record<string, unknown>, ok: boolean): CommandReport {
  return { ok, text: JSON.stringify(value, null, 2) };
}

/** A subcommand that sends one scoped request: it takes either the rest of the line as its text, or nothing. */
interface ScopedSubcommand {
  usage: string;
  takesText: boolean;
  request(text: string): ScopedRequest;
}

const SCOPED: Readonly<Record<string, ScopedSubcommand>> = {
  search: {
    usage: "Usage: /pc search <query>",
    takesText: true,
    request: (query) => ({
      operation: "search_memory",
      body: { query, limit: 8, mode: "auto" },
      mutation: false,
      summary: "",
    }),
  },
  remember: {
    usage: "Usage: /pc remember <text>",
    takesText: true,
    request: (text) => ({
      operation: "remember_memory",
      body: { kind: "agent-note", text },
      mutation: true,
      summary: `/pc remember will save an agent note:\n${text}`,
    }),
  },
  flush: {
    usage: "Usage: /pc flush",
    takesText: false,
    request: () => ({
      operation: "flush_memory",
      body: {},
      mutation: true,
      summary: "/pc flush will process pending Sources into Memory.",
    }),
  },
  stats: {
    usage: "Usage: /pc stats",
    takesText: false,
    request: () => ({ operation: "get_stats", body: {}, mutation: false, summary: "" }),
  },
};

/** Runs `/pc <args>`. Never rejects; the wiring shows the report (UI notify, or stderr without a UI). */
export async function runPcCommand(runtime: Runtime, args: string, ctx: CommandContext): Promise<CommandReport> {
  const trimmed = args.trim();
  const [sub = ""] = trimmed.split(/\s+/);
  const text = trimmed.slice(sub.length).trim();
  if (sub === "") return status(runtime, ctx);
  if (sub === "doctor") return doctor(runtime, ctx.signal);
  const scoped = Object.hasOwn(SCOPED, sub) ? SCOPED[sub] : undefined;
  if (scoped === undefined) return report(failure("invalid_request", PC_USAGE), false);
  const misused = scoped.takesText ? text === "" : text !== "";
  if (misused) return report(failure("invalid_request", scoped.usage), false);
  const outcome = await runScoped(runtime, scoped.request(text), ctx, ctx.signal);
  return report(outcome, outcome.ok);
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
      recall_placement: placementInForce(runtime, ctx),
      pending_position: pending,
      hint: "Use /pc doctor to check the Server.",
    },
    scope !== null,
  );
}

/** The placement of the latest run, or the one the next run would take on this host. */
function placementInForce(runtime: Runtime, ctx: CommandContext): Record<string, string> {
  let decision = runtime.placement;
  if (decision === null) {
    let options: unknown = null;
    try {
      options = ctx.getSystemPromptOptions?.();
    } catch {
      options = null;
    }
    decision = decidePlacement(runtime.settings.recallPlacement, promptSections(options) !== null);
  }
  return { in_force: decision.placement, setting: decision.setting, reason: decision.reason };
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
