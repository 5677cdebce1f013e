// The request ledger: every projection sent is classified as a pure append or a rewrite, and a rewrite is attributed
// to a commit or flagged as unattributed. Provider-side cache misses are counted separately.

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
  /** Per-message digests (12 hex) of the last projection sent. */
  digests: string[];
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
    digests: [],
    commitsAtLastRequest: 0,
  };
}

/** Length of the common prefix of two digest lists. */
export function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same += 1;
  return same;
}

/** Records one projection. Mutates the ledger; returns the classification. */
export function recordRequest(
  ledger: Ledger,
  digests: string[],
  commits: number,
): { kind: "first" | "append" | "rewrite"; attributed: boolean; divergence: number } {
  const previous = ledger.digests;
  const same = commonPrefix(previous, digests);
  let kind: "first" | "append" | "rewrite";
  if (ledger.requests === 0) kind = "first";
  else if (same === previous.length) kind = "append";
  else kind = "rewrite";
  const attributed = kind !== "rewrite" || commits > ledger.commitsAtLastRequest;
  ledger.requests += 1;
  if (kind === "append") ledger.appends += 1;
  if (kind === "rewrite") {
    ledger.rewrites += 1;
    if (!attributed) ledger.unattributedRewrites += 1;
  }
  ledger.lastKind = kind;
  ledger.digests = digests;
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
