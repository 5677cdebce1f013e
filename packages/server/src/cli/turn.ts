// `powercontext capture | remember | flush | prepare | stats | capabilities`: what an agent's turn does through the
// API, from the terminal (scripts, hooks, trying things out). Each returns the Server's answer; no printing here.
import { createHash } from "node:crypto";
import type {
  CapabilitiesResponse,
  CaptureResponse,
  FlushMemoryResponse,
  MemoryMutationResponse,
  PreparedContext,
  ScopedStats,
} from "@powercontext/protocol";
import { PowerContextError } from "../errors.ts";
import { definedFields } from "./defined-fields.ts";
import { callOk, type ServerTarget } from "./server-client.ts";

/** A Source id derived from the content, so capturing the same text twice is one Source (capture is idempotent). */
export function contentSourceId(content: string): string {
  return `cli-${createHash("sha256").update(content, "utf8").digest("hex").slice(0, 24)}`;
}

/** `--metadata '{"k":"v"}'` as an object, or a usage error saying what is wrong with it. */
export function parseMetadata(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PowerContextError("configuration_invalid", '--metadata must be a JSON object, e.g. \'{"tool":"bash"}\'.');
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new PowerContextError("configuration_invalid", "--metadata must be a JSON object, not an array or a value.");
  }
  return parsed as Record<string, unknown>;
}

export function captureCommand(
  target: ServerTarget,
  options: { scope: string; content: string; sourceId?: string; metadata?: string },
): Promise<CaptureResponse> {
  const metadata = parseMetadata(options.metadata);
  return callOk(
    target,
    "capture_content_source",
    definedFields({
      scope_id: options.scope,
      source_id: options.sourceId ?? contentSourceId(options.content),
      content: options.content,
      metadata,
    }),
  );
}

export function rememberCommand(
  target: ServerTarget,
  options: { scope: string; kind: string; text: string; reason?: string; expectedRevision?: number },
): Promise<MemoryMutationResponse> {
  return callOk(
    target,
    "remember_memory",
    definedFields({
      scope_id: options.scope,
      kind: options.kind,
      text: options.text,
      reason: options.reason,
      expected_revision: options.expectedRevision,
    }),
  );
}

export function flushCommand(target: ServerTarget, options: { scope: string }): Promise<FlushMemoryResponse> {
  return callOk(target, "flush_memory", { scope_id: options.scope });
}

export function prepareCommand(
  target: ServerTarget,
  options: { scope: string; query: string; maxBytes?: number },
): Promise<PreparedContext> {
  return callOk(
    target,
    "prepare_context",
    definedFields({ scope_id: options.scope, query: options.query, max_bytes: options.maxBytes }),
  );
}

export function statsCommand(target: ServerTarget, options: { scope: string; period?: string }): Promise<ScopedStats> {
  // As typed: the Server checks the period and names the field when it is not one it knows.
  const period = options.period as "today" | "7d" | "30d" | undefined;
  return callOk(target, "get_stats", definedFields({ scope_id: options.scope, period }));
}

export function capabilitiesCommand(target: ServerTarget): Promise<CapabilitiesResponse> {
  return callOk(target, "get_capabilities", {});
}

export function describeCapture(receipt: CaptureResponse): string {
  return `Captured ${receipt.source.source_id} at position ${receipt.position}.`;
}

export function describeMutation(result: MemoryMutationResponse): string {
  const entry = result.entry;
  const what = entry ? `${entry.citation.entry_id} v${entry.version} ${entry.kind}: ${entry.text}` : "no entry";
  return `Remembered at revision ${result.memory.revision}: ${what}`;
}

export function describeFlush(result: FlushMemoryResponse): string {
  if (result.status === "idle") return `Nothing to flush (cursor ${result.current_cursor}).`;
  return `Processed ${result.processed_source_count} Source(s): cursor ${result.previous_cursor} → ${result.current_cursor} of ${result.high_watermark}.`;
}

export function describePrepared(context: PreparedContext): string {
  return context.status === "empty" ? "Nothing to recall." : context.content;
}

/** Any answer as `path: value` lines (stats, capabilities), arrays joined by commas. */
export function describeFields(value: unknown, prefix = ""): string {
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) {
    return `${prefix}: ${value.join(", ") || "(none)"}`;
  }
  if (typeof value !== "object" || value === null) return `${prefix}: ${String(value)}`;
  return Object.entries(value)
    .map(([key, item]) => describeFields(item, prefix === "" ? key : `${prefix}.${key}`))
    .join("\n");
}
