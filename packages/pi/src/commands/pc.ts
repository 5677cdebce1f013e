// `/pc`: diagnostics and explicit checks. No argument, doctor, search, remember, flush and stats; nothing else.
// Each answers in a few lines for the person (pc-format.ts); `--json` shows the full value instead.
import { type HostContext, type NoticeLevel, takeJsonFlag } from "@powercontext/pi-kit";
import type {
  FlushMemoryResponse,
  MemoryMutationResponse,
  ScopedStats,
  SearchMemoryResponse,
} from "@powercontext/protocol";
import { reachabilityOf } from "../indicator.ts";
import { decidePlacement, promptSections } from "../placement.ts";
import type { Runtime } from "../runtime.ts";
import { failure, toFailure, type ToolOutcome } from "../tools/outcome.ts";
import { runScoped, type ScopedRequest } from "../tools/run-tool.ts";
import {
  formatDoctor,
  formatFailure,
  formatFlush,
  formatRemember,
  formatSearch,
  formatStats,
  formatStatus,
  type Probe,
  type StatusView,
} from "./pc-format.ts";

export const PC_SUBCOMMANDS = ["doctor", "search", "remember", "flush", "stats"] as const;
export const PC_USAGE =
  "Usage: /pc [doctor | search <query> | remember <text> | flush | stats [today|7d|30d]] [--json]";
const STATS_PERIODS = ["today", "7d", "30d"];

export interface CommandReport {
  ok: boolean;
  level: NoticeLevel;
  text: string;
}

type CommandContext = Pick<HostContext, "cwd" | "hasUI" | "ui" | "signal"> & {
  /** Pi's prompt options (a command context has them); their `sections` tell whether the host has sections. */
  getSystemPromptOptions?: () => unknown;
};

/** One answer in both views: the JSON value and the person's text. */
interface Answer {
  ok: boolean;
  level: NoticeLevel;
  value: object;
  text: string;
}

/** A subcommand that sends one scoped request, with its argument: free text, nothing, or an optional period. */
interface ScopedSubcommand {
  usage: string;
  argument: "text" | "none" | "period";
  request(argument: string): ScopedRequest;
  /** The person's view of a success. */
  describe(value: unknown, argument: string): string;
}

const SCOPED: Readonly<Record<string, ScopedSubcommand>> = {
  search: {
    usage: "Usage: /pc search <query>",
    argument: "text",
    request: (query) => ({
      operation: "search_memory",
      body: { query, limit: 8, mode: "auto" },
      mutation: false,
      summary: "",
    }),
    describe: (value, query) => formatSearch(query, value as SearchMemoryResponse),
  },
  remember: {
    usage: "Usage: /pc remember <text>",
    argument: "text",
    request: (text) => ({
      operation: "remember_memory",
      body: { kind: "agent-note", text },
      mutation: true,
      summary: `/pc remember will save an agent note:\n${text}`,
    }),
    describe: (value) => formatRemember(value as MemoryMutationResponse),
  },
  flush: {
    usage: "Usage: /pc flush",
    argument: "none",
    request: () => ({
      operation: "flush_memory",
      body: {},
      mutation: true,
      summary: "/pc flush will process pending Sources into Memory.",
    }),
    describe: (value) => formatFlush(value as FlushMemoryResponse),
  },
  stats: {
    usage: "Usage: /pc stats [today|7d|30d]",
    argument: "period",
    request: (period) => ({
      operation: "get_stats",
      body: period === "" ? {} : { period },
      mutation: false,
      summary: "",
    }),
    describe: (value) => formatStats(value as ScopedStats),
  },
};

/** Runs `/pc <args>`. Never rejects; the wiring shows the report (UI notify, or stderr without a UI). */
export async function runPcCommand(runtime: Runtime, args: string, ctx: CommandContext): Promise<CommandReport> {
  const { json, rest } = takeJsonFlag(args);
  const [sub = ""] = rest.split(/\s+/);
  const argument = rest.slice(sub.length).trim();
  const answer = await answerFor(runtime, sub, argument, ctx);
  return { ok: answer.ok, level: answer.level, text: json ? JSON.stringify(answer.value, null, 2) : answer.text };
}

async function answerFor(runtime: Runtime, sub: string, argument: string, ctx: CommandContext): Promise<Answer> {
  if (sub === "") return status(runtime, ctx);
  if (sub === "doctor") return doctor(runtime, ctx.signal);
  const scoped = Object.hasOwn(SCOPED, sub) ? SCOPED[sub] : undefined;
  if (scoped === undefined) return failed(runtime, failure("invalid_request", PC_USAGE));
  if (!fitsArgument(scoped.argument, argument)) return failed(runtime, failure("invalid_request", scoped.usage));
  const outcome = await runScoped(runtime, scoped.request(argument), ctx, ctx.signal);
  if (!outcome.ok) return failed(runtime, outcome);
  return { ok: true, level: "info", value: outcome, text: describeSafely(scoped, outcome.data, argument) };
}

/** An answer of an unexpected shape (another Server version) is still shown, as JSON, rather than failing. */
function describeSafely(scoped: ScopedSubcommand, value: unknown, argument: string): string {
  try {
    return scoped.describe(value, argument);
  } catch {
    return `The Server answered in a shape this version cannot summarize:\n${JSON.stringify(value, null, 2)}`;
  }
}

function fitsArgument(kind: ScopedSubcommand["argument"], argument: string): boolean {
  if (kind === "text") return argument !== "";
  if (kind === "none") return argument === "";
  return argument === "" || STATS_PERIODS.includes(argument);
}

function failed(runtime: Runtime, outcome: Exclude<ToolOutcome, { ok: true }>): Answer {
  const { text, level } = formatFailure(outcome, runtime.settings.baseUrl);
  return { ok: false, level, value: outcome, text };
}

async function status(runtime: Runtime, ctx: CommandContext): Promise<Answer> {
  const { settings } = runtime;
  let scope: string | null = null;
  try {
    scope = await runtime.scopes.resolve(ctx.cwd);
  } catch {
    scope = null;
  }
  const view: StatusView = {
    ok: scope !== null,
    base_url: settings.baseUrl,
    scope_id: scope,
    server: runtime.server,
    capture_prompts: settings.capturePrompts,
    max_bytes: settings.maxBytes,
    recall_placement: placementInForce(runtime, ctx),
    pending_position: scope === null ? null : (runtime.flusher.pendingPosition(scope) ?? null),
    last_recall: runtime.lastRecall,
    hint: "Use /pc doctor to check the Server.",
  };
  return { ok: view.ok, level: view.ok ? "info" : "warning", value: view, text: formatStatus(view) };
}

/** The placement of the latest run, or the one the next run would take on this host. */
function placementInForce(runtime: Runtime, ctx: CommandContext): StatusView["recall_placement"] {
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

async function doctor(runtime: Runtime, signal: AbortSignal | undefined): Promise<Answer> {
  const probe = async (operation: "get_liveness" | "get_readiness"): Promise<Probe & ToolOutcome> => {
    try {
      const response = await runtime.client.request(operation, {}, signal);
      return { ok: true, status: response.status, request_id: response.requestId, data: response.value };
    } catch (error) {
      runtime.server = reachabilityOf(error);
      return toFailure(error);
    }
  };
  const [live, ready] = await Promise.all([probe("get_liveness"), probe("get_readiness")]);
  if (live.ok) runtime.server = "reachable";
  const ok = live.ok && ready.ok;
  const value = { ok, base_url: runtime.settings.baseUrl, live, ready };
  return { ok, level: ok ? "info" : "warning", value, text: formatDoctor(value) };
}
