// `/pc` answers as a person reads them in Pi's terminal: a few aligned lines under 80 columns. The full JSON stays
// behind `--json`. Each formatter takes the value the JSON shows, so both views say the same thing. Pure.
import {
  alignColumns,
  fitLine,
  formatBytes,
  formatCount,
  LINE_WIDTH,
  labelled,
  type NoticeLevel,
  oneLine,
  plural,
} from "@powercontext/pi-kit";
import type {
  FlushMemoryResponse,
  MemoryMutationResponse,
  ScopedStats,
  SearchMemoryResponse,
  UsageValue,
} from "@powercontext/protocol";
import type { RecallSummary } from "../recall-summary.ts";
import type { Reachability } from "../status-indicator.ts";
import type { ToolFailure } from "../tools/outcome.ts";

/** What `/pc` (no argument) reports; also its `--json` value. */
export interface StatusView {
  ok: boolean;
  base_url: string;
  scope_id: string | null;
  server: Reachability;
  capture_prompts: boolean;
  max_bytes: number;
  recall_placement: { in_force: string; setting: string; reason: string };
  pending_position: number | null;
  last_recall: RecallSummary | null;
  hint: string;
}

const SERVER_WORDS: Readonly<Record<Reachability, string>> = {
  unknown: "not checked yet",
  reachable: "reachable",
  unreachable: "unreachable",
};

export function formatStatus(view: StatusView): string {
  const capture = view.capture_prompts ? "prompts captured" : "off";
  const pending = view.pending_position === null ? "" : ` · flush pending up to position ${view.pending_position}`;
  const placement = view.recall_placement;
  const lines = labelled([
    ["PowerContext", `${view.base_url} · Server ${SERVER_WORDS[view.server]}`],
    ["Scope", view.scope_id ?? "not derived (the folder could not be read)"],
    ["Capture", `${capture}${pending}`],
    ["Recall", `${placement.in_force} (setting ${placement.setting}) · up to ${formatBytes(view.max_bytes)}`],
    ["Last recall", lastRecallLine(view.last_recall)],
  ]);
  if (view.last_recall?.status === "ready")
    view.last_recall.items.forEach((item, index) => {
      lines.push(fitLine(`  ${index + 1}. ${item}`));
    });
  lines.push("Check the Server with /pc doctor; everything as JSON with /pc --json.");
  return lines.join("\n");
}

function lastRecallLine(recall: RecallSummary | null): string {
  if (recall === null) return "none yet (recall runs before each prompt)";
  const at = clockTime(recall.at);
  switch (recall.status) {
    case "ready":
      return `${plural(recall.items.length, "item")}, ${formatBytes(recall.bytes)} at ${at}`;
    case "empty":
      return `nothing relevant in Memory at ${at}`;
    case "failed":
      return `failed at ${at} (${recall.code === "transport_failed" ? "Server not reachable" : recall.code})`;
    default:
      return recall satisfies never;
  }
}

function clockTime(iso: string): string {
  return iso.slice(11, 19);
}

/** One probe of `/pc doctor`: the Server's answer, or the failure. */
export type Probe = { ok: true; status: number; data: unknown } | ToolFailure;

export function formatDoctor({ base_url, live, ready }: { base_url: string; live: Probe; ready: Probe }): string {
  if (live.ok && ready.ok) return `PowerContext Server at ${base_url} is up and ready.`;
  if (!live.ok && live.status === undefined)
    return [
      `PowerContext Server at ${base_url} is not reachable.`,
      "Start it with `powercontext server run`, or set POWERCONTEXT_PI_BASE_URL to where it runs.",
      "Until then Pi works as usual, without recall or capture.",
    ].join("\n");
  if (!live.ok && live.code === "authentication_failed")
    return `PowerContext Server at ${base_url} refused the credentials: check POWERCONTEXT_PI_AUTHORIZATION.`;
  const failed = !live.ok ? live : ready.ok ? null : ready;
  const detail = failed === null ? "" : ` (HTTP ${failed.status ?? "?"}: ${failed.code})`;
  return `PowerContext Server at ${base_url} answers but is not ready${detail}. See its log for the failing check.`;
}

export function formatSearch(query: string, value: SearchMemoryResponse): string {
  if (value.hits.length === 0) return `No Memory entry matches "${fitLine(query, 40)}".`;
  const rows = value.hits.map((hit, index) => [`${index + 1}.`, hit.score.toFixed(2), oneLine(hit.text)]);
  return [
    `${plural(value.hits.length, "entry", "entries")} for "${fitLine(query, 40)}" (${value.mode ?? "?"}):`,
    ...alignColumns(rows, ["right", "right", "left"]),
  ].join("\n");
}

export function formatRemember(value: MemoryMutationResponse): string {
  if (value.entry === null) return `Already in Memory; nothing new saved (revision ${value.memory.revision}).`;
  return `Saved to Memory as ${value.entry.citation.entry_id} (${value.entry.kind}).`;
}

export function formatFlush(value: FlushMemoryResponse): string {
  if (value.status === "idle") return `Nothing to flush: Memory is up to date (cursor ${value.current_cursor}).`;
  const revision = value.memory === null ? "" : `, Memory revision ${value.memory.revision}`;
  return (
    `Flushed ${plural(value.processed_source_count, "Source")} into Memory ` +
    `(cursor ${value.previous_cursor} → ${value.current_cursor}${revision}).`
  );
}

const PERIOD_WORDS: Readonly<Record<string, string>> = { today: "Today", "7d": "Last 7 days", "30d": "Last 30 days" };

export function formatStats(value: ScopedStats): string {
  const { sources, candidates, memory, artifacts } = value.inventory;
  const entries = memory.entries;
  const recall = value.recall.totals;
  const period = value.recall.period;
  const rows: string[][] = [
    ["Sources", formatCount(sources.total), `${sources.memory_processed} in Memory, ${sources.memory_pending} pending`],
    [
      "Candidates",
      formatCount(candidates.total),
      `${candidates.approved} approved, ${candidates.rejected} rejected, ${candidates.pending} pending`,
    ],
    ["Memory entries", formatCount(entries.total), `${entries.active} active, ${entries.inactive} inactive`],
    ["Artifacts", formatCount(artifacts.total), ""],
    ["Recalls", formatCount(recall.preparations), `${recall.ready_preparations} brought context`],
    [
      "Recall tokens",
      formatCount(recall.recalled_tokens),
      `of ${formatCount(recall.baseline_tokens)} baseline (saved ${formatCount(recall.token_reduction)})`,
    ],
    usageRow("Generation", value.usage.totals.generation),
    usageRow("Embedding", value.usage.totals.embedding),
  ];
  return [
    fitLine(
      `${PERIOD_WORDS[period.preset] ?? period.preset} (${period.start_date} to ${period.end_date} UTC) · ` +
        `scope ${value.scope_id}`,
    ),
    ...alignColumns(rows, ["left", "right", "left"], LINE_WIDTH),
    "Other periods: /pc stats today | 7d | 30d; everything as JSON with --json.",
  ].join("\n");
}

function usageRow(label: string, usage: UsageValue): string[] {
  const tokens =
    usage.input_tokens === null || usage.output_tokens === null
      ? ""
      : `, ${formatCount(usage.input_tokens)} tokens in / ${formatCount(usage.output_tokens)} out`;
  return [label, formatCount(usage.requests), `model ${usage.requests === 1 ? "request" : "requests"}${tokens}`];
}

/** A failed `/pc` request as a person reads it, and how loudly: a decline is a plain notice, not an error. */
export function formatFailure(failure: ToolFailure, baseUrl: string): { text: string; level: NoticeLevel } {
  switch (failure.code) {
    case "cancelled":
      return { text: "Declined: nothing was written.", level: "info" };
    case "confirmation_required":
      return {
        text: "This change needs a confirmation in Pi's interactive UI; nothing was written.",
        level: "warning",
      };
    case "unavailable":
      return {
        text: `PowerContext Server at ${baseUrl} did not answer; nothing was sent. /pc doctor tells why.`,
        level: "warning",
      };
    case "invalid_request":
      return { text: failure.message, level: "warning" };
    case "invalid_response":
      return {
        text: `PowerContext Server at ${baseUrl} answered with something invalid; nothing was used.`,
        level: "error",
      };
    default:
      return { text: `${forPerson(failure)} (${failure.code})`, level: "error" };
  }
}

/** A message written for the model ("…, continue the task.") is told to the person as what happened. */
function forPerson(failure: ToolFailure): string {
  if (!/continue the task\.?$/i.test(failure.message)) return failure.message;
  const status = failure.status === undefined ? "" : ` with HTTP ${failure.status}`;
  return `The PowerContext Server could not do it; it answered${status}`;
}
