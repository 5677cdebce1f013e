// What marks a completed-history compaction as this package's: the private instructions it requests the compaction
// with (a fresh random token per request, so neither a person's /compact nor another generation of the extension can
// pass for it), the fixed summary line (no model writes it), and the details recording the durable revision.
import { randomUUID } from "node:crypto";
import type { View } from "../types.ts";

/** The line Pi shows the model in place of the completed prefix. It carries no state: the prompt already does. */
export const COMPACTION_SUMMARY =
  "powercontext-state: the completed runs before this point were accepted into the state shown in the system prompt; Pi's session file keeps them in full.";

/** The scope revisions the compacted history was accepted into (0 for a scope never written). */
export interface Revisions {
  global: number;
  cwd: number;
  session: number;
}

export interface CompactionDetails {
  powercontextState: {
    kind: "completed-history";
    keptEntryId: string;
    /** The newest accepted transition's seq (the durable step); 0 when the run accepted a final-only call. */
    seq: number;
    revisions: Revisions;
    prefixTokens: number;
  };
}

export function newMarker(): string {
  return `powercontext-state completed-history compaction ${randomUUID()}`;
}

export function revisionsOf(view: View): Revisions {
  return {
    global: view.global.head?.revision ?? 0,
    cwd: view.cwd.head?.revision ?? 0,
    session: view.session.head?.revision ?? 0,
  };
}

export function sameRevisions(left: Revisions, right: Revisions): boolean {
  return left.global === right.global && left.cwd === right.cwd && left.session === right.session;
}

/** A compaction entry this package wrote (its summary names nothing the model needs). */
export function isOwnCompaction(entry: { details?: unknown }): boolean {
  const details = entry.details as Partial<CompactionDetails> | undefined;
  return details?.powercontextState?.kind === "completed-history";
}

/**
 * powercontext-fold's overflow rollback: a compaction that keeps every entry and whose summary fold never projects
 * (packages/fold/src/hooks/compact.ts). Leaving it out of the view loses nothing.
 */
export function isFoldNoOpCompaction(entry: { details?: unknown }): boolean {
  return (entry.details as { powercontextFold?: unknown } | undefined)?.powercontextFold === "overflow-rollback";
}
