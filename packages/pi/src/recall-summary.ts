// What one turn's recall brought, as `/pc` and the footer indicator show it: how many items, how many bytes, a short
// preview of each, or why nothing came. Pure.
import { oneLine } from "@powercontext/pi-kit";
import { recallItems } from "./recall-items.ts";

export const PREVIEW_CHARS = 72;

export type RecallSummary =
  | { status: "ready"; at: string; bytes: number; items: string[] }
  | { status: "empty"; at: string }
  | { status: "failed"; at: string; code: string };

/** The summary of a ready recall: its PreparedContext items (one when the block holds no items list). */
export function readySummary(content: string, at: string): RecallSummary {
  const items = recallItems(content) ?? [{ content }];
  return {
    status: "ready",
    at,
    bytes: Buffer.byteLength(content, "utf8"),
    items: items.map((item) => oneLine(item.content).slice(0, PREVIEW_CHARS)),
  };
}
