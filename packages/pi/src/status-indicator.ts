// The footer entry of powercontext-pi: is the Server reachable, what did the last turn recall, is capture on. One
// short line, the same text until one of those changes (the status slot sends only changes). Pure.
import { formatBytes, plural } from "@powercontext/pi-kit";
import type { RecallSummary } from "./recall-summary.ts";

export const STATUS_KEY = "powercontext";

/** What the last exchange with the Server said: unknown until the first turn or `/pc doctor`. */
export type Reachability = "unknown" | "reachable" | "unreachable";

export interface IndicatorState {
  server: Reachability;
  lastRecall: RecallSummary | null;
  capture: boolean;
}

export function indicatorText({ server, lastRecall, capture }: IndicatorState): string {
  const parts = ["PowerContext"];
  if (server === "unreachable") parts.push("Server unreachable");
  else if (lastRecall?.status === "ready")
    parts.push(`recalled ${plural(lastRecall.items.length, "item")} (${formatBytes(lastRecall.bytes)})`);
  else if (lastRecall?.status === "empty") parts.push("nothing recalled");
  else if (lastRecall?.status === "failed") parts.push("recall failed");
  else parts.push(server === "reachable" ? "ready" : "not checked yet");
  parts.push(capture ? "capture on" : "capture off");
  return parts.join(" · ");
}
