// Everything the hooks, tools and /pc share for one loaded extension.
import { createClient, type FetchLike, type PowerContextClient } from "./client.ts";
import { createFlusher, type Flusher } from "./flusher.ts";
import type { Logger } from "@powercontext/pi-kit";
import { createScopeResolver, deriveScope, type GitRunner, type ScopeResolver } from "./scope.ts";
import type { Settings } from "./config.ts";

export interface Runtime {
  settings: Settings;
  client: PowerContextClient;
  scopes: ScopeResolver;
  flusher: Flusher;
  log: Logger;
}

export interface RuntimeOptions {
  settings: Settings;
  log: Logger;
  fetch?: FetchLike;
  git?: GitRunner;
}

export function createRuntime({ settings, log, fetch, git }: RuntimeOptions): Runtime {
  const client = createClient({ settings, ...(fetch === undefined ? {} : { fetch }) });
  return {
    settings,
    client,
    scopes: createScopeResolver((cwd) =>
      deriveScope(cwd, { explicit: settings.scopeId, ...(git === undefined ? {} : { git }) }),
    ),
    flusher: createFlusher({ client, maxCalls: settings.flushMaxCalls, log }),
    log,
  };
}
