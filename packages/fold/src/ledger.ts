// The request ledger: every projection sent is classified as a pure append or a rewrite, and a rewrite is attributed
// to a commit or flagged as unattributed. Provider-side cache misses are counted separately.
import { digestOf, type MessageMeasure } from "./message-measure.ts";
import type { Message } from "./types.ts";

/** The messages of one projection sent and their measures, position by position. */
export interface SentWindow {
  messages: readonly Message[];
  measures: readonly MessageMeasure[];
}

export interface Ledger {
  requests: number;
  appends: number;
  rewrites: number;
  /** Rewrites with no commit since the previous request: the bug the invariant exists to prevent. */
  unattributedRewrites: number;
  providerResponses: number;
  /** Responses that reported no cache read although the projection was a pure append: provider-side by construction. */
  providerCacheMisses: number;
  /** The provider has reported a cache read at least once; until then it is not known to cache at all. */
  providerReportsCache: boolean;
  lastKind: "first" | "append" | "rewrite" | null;
  /** The last projection sent. */
  sent: SentWindow;
  commitsAtLastRequest: number;
}

export function emptyLedger(): Ledger {
  return {
    requests: 0,
    appends: 0,
    rewrites: 0,
    unattributedRewrites: 0,
    providerResponses: 0,
    providerCacheMisses: 0,
    providerReportsCache: false,
    lastKind: null,
    sent: { messages: [], measures: [] },
    commitsAtLastRequest: 0,
  };
}

function samePosition(a: SentWindow, b: SentWindow, position: number): boolean {
  const left = a.measures[position] as MessageMeasure;
  const right = b.measures[position] as MessageMeasure;
  return (
    left === right ||
    digestOf(left, a.messages[position] as Message) === digestOf(right, b.messages[position] as Message)
  );
}

/** Length of the common prefix of two sent windows, by message digest. */
export function commonPrefix(a: SentWindow, b: SentWindow): number {
  const length = Math.min(a.measures.length, b.measures.length);
  let same = 0;
  while (same < length && samePosition(a, b, same)) same += 1;
  return same;
}

/** Per-message digests (12 hex) of the last `count` messages of the last projection sent. */
export function lastDigests(ledger: Ledger, count: number): string[] {
  const { messages, measures } = ledger.sent;
  const from = Math.max(0, measures.length - count);
  return measures.slice(from).map((measure, offset) => digestOf(measure, messages[from + offset] as Message));
}

/** Records one projection. Mutates the ledger; returns the classification. */
export function recordRequest(
  ledger: Ledger,
  sent: SentWindow,
  commits: number,
): { kind: "first" | "append" | "rewrite"; attributed: boolean; divergence: number } {
  const previous = ledger.sent;
  const same = commonPrefix(previous, sent);
  let kind: "first" | "append" | "rewrite";
  if (ledger.requests === 0) kind = "first";
  else if (same === previous.measures.length) kind = "append";
  else kind = "rewrite";
  const attributed = kind !== "rewrite" || commits > ledger.commitsAtLastRequest;
  ledger.requests += 1;
  if (kind === "append") ledger.appends += 1;
  if (kind === "rewrite") {
    ledger.rewrites += 1;
    if (!attributed) ledger.unattributedRewrites += 1;
  }
  ledger.lastKind = kind;
  ledger.sent = sent;
  ledger.commitsAtLastRequest = commits;
  return { kind, attributed, divergence: same };
}

/**
 * Records a provider response's usage. A zero cache read after a pure append counts as a provider-side miss once the
 * provider has shown it caches at all.
 */
export function recordResponse(ledger: Ledger, cacheRead: number | undefined): void {
  ledger.providerResponses += 1;
  if (cacheRead !== undefined && cacheRead > 0) ledger.providerReportsCache = true;
  if (ledger.providerReportsCache && cacheRead === 0 && ledger.lastKind === "append") ledger.providerCacheMisses += 1;
}
