// Everything the hooks, tools and /pc share for one loaded extension.
import { createClient, type FetchLike, type PowerContextClient } from "./client.ts";
import { createFlusher, type Flusher } from "./flusher.ts";
import { createStatusSlot, deriveScope, type GitRunner, type Logger, type StatusSlot } from "@powercontext/pi-kit";
import { createScopeResolver, type ScopeResolver } from "./scope.ts";
import type { Settings } from "./config.ts";
import type { PlacementDecision } from "./placement.ts";
import type { RecallSummary } from "./recall-summary.ts";
import { type Reachability, STATUS_KEY } from "./status-indicator.ts";

export interface Runtime {
  settings: Settings;
  /** Flush right after each capture (only a test entry sets it; see TestSeams). */
  flushOnCapture: boolean;
  client: PowerContextClient;
  scopes: ScopeResolver;
  flusher: Flusher;
  log: Logger;
  /** The recall placement of the latest run (null before the first), shown by `/pc`. */
  placement: PlacementDecision | null;
  /** What the last exchange with the Server said about reaching it (footer indicator, `/pc`). */
  server: Reachability;
  /** The last turn's recall (null before the first), shown by `/pc` and the footer indicator. */
  lastRecall: RecallSummary | null;
  /** The footer entry, sent only when its text changes. */
  status: StatusSlot;
}

/**
 * Behaviour only tests switch on, through a test entry that passes them to registerPowerContext; the real entry
 * passes none, and no environment variable reaches them.
 */
export interface TestSeams {
  /** Flush right after each capture, so a test sees the capture reach Memory within the turn. */
  flushOnCapture?: boolean;
}

export interface RuntimeOptions {
  settings: Settings;
  log: Logger;
  seams?: TestSeams;
  fetch?: FetchLike;
  git?: GitRunner;
}

export function createRuntime({ settings, log, seams = {}, fetch, git }: RuntimeOptions): Runtime {
  const client = createClient({ settings, ...(fetch === undefined ? {} : { fetch }) });
  return {
    settings,
    flushOnCapture: seams.flushOnCapture === true,
    client,
    scopes: createScopeResolver((cwd) =>
      deriveScope(cwd, { explicit: settings.scopeId, ...(git === undefined ? {} : { git }) }),
    ),
    flusher: createFlusher({ client, maxCalls: settings.flushMaxCalls, log }),
    log,
    placement: null,
    server: "unknown",
    lastRecall: null,
    status: createStatusSlot(STATUS_KEY),
  };
}
