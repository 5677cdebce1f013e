// What the hooks record after the model acted: each tool result's text as an evidence file (so a fold can cite it),
// and each assistant response's cache reads (the rewrite ledger).
import type { FoldRuntime } from "../activate.ts";
import { sessionLocation } from "../activate.ts";
import { writeEvidence } from "../evidence.ts";
import type { FoldContext } from "../host.ts";
import { evidenceDirFor } from "../session-files.ts";
import type { Message } from "../types.ts";

export interface ToolResultEvent {
  toolCallId: string;
  content: readonly { type: string; text?: string }[];
}

export function recordEvidence(runtime: FoldRuntime, event: ToolResultEvent, ctx: FoldContext): void {
  const text = event.content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
  const written = writeEvidence(evidenceDirFor(sessionLocation(ctx)), text, runtime.evidence);
  if (written.status === "written" || written.status === "exists")
    runtime.sessionFor(ctx).state.evidence[event.toolCallId] = written.sha256;
  if (written.status === "capped") runtime.log("evidence.capped", { used: written.used, cap: written.cap });
}

export function recordResponse(runtime: FoldRuntime, event: { message: unknown }, ctx: FoldContext): void {
  const message = event.message as Message;
  if (message.role !== "assistant") return;
  const usage = message.usage as { cacheRead?: number } | undefined;
  runtime.sessionFor(ctx).onResponse(usage?.cacheRead);
}
