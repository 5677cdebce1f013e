// The Server operations this package calls: method, path and where the scope/payload goes (api-v1 §11).

export interface Operation {
  method: "GET" | "POST";
  path: string;
  /** `body`: JSON body; `query`: form-encoded query string; `none`: no payload, no Scope. */
  payload: "body" | "query" | "none";
}

export const OPERATIONS = {
  get_liveness: { method: "GET", path: "/health/live", payload: "none" },
  get_readiness: { method: "GET", path: "/health/ready", payload: "none" },
  get_stats: { method: "GET", path: "/v1/stats", payload: "query" },
  capture_content_source: { method: "POST", path: "/v1/sources/content", payload: "body" },
  prepare_context: { method: "POST", path: "/v1/context/prepare", payload: "body" },
  flush_memory: { method: "POST", path: "/v1/memory/flush", payload: "body" },
  remember_memory: { method: "POST", path: "/v1/memory/remember", payload: "body" },
  search_memory: { method: "POST", path: "/v1/memory/search", payload: "body" },
  list_memory_entries: { method: "POST", path: "/v1/memory/entries/list", payload: "body" },
  get_memory_entry: { method: "POST", path: "/v1/memory/entries/get", payload: "body" },
  revise_memory_entry: { method: "POST", path: "/v1/memory/entries/revise", payload: "body" },
  retire_memory_entry: { method: "POST", path: "/v1/memory/entries/retire", payload: "body" },
  prepare_handoff: { method: "POST", path: "/v1/handoff/prepare", payload: "body" },
  finalize_handoff: { method: "POST", path: "/v1/handoff/finalize", payload: "body" },
  commit_handoff: { method: "POST", path: "/v1/handoff/commit", payload: "body" },
  continue_handoff: { method: "POST", path: "/v1/handoff/continue", payload: "body" },
  activate_handoff: { method: "POST", path: "/v1/handoff/activate", payload: "body" },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
