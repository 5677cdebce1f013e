// The 13 native tools: name, description, operation, whether it is a gated mutation, and its request body.
import type { OperationId } from "@powercontext/protocol";
import type { Settings } from "../config.ts";
import type { PARAMETERS } from "./schemas.ts";

export type ToolName = keyof typeof PARAMETERS;
export type ToolParams = Readonly<Record<string, unknown>>;

export interface ToolSpec {
  name: ToolName;
  label: string;
  description: string;
  operation: OperationId;
  /** Durable mutations are confirmation-gated and secret-checked. */
  mutation: boolean;
  /** The request body without scope_id; a key the model omitted stays absent, never null. */
  body(params: ToolParams, settings: Settings): Record<string, unknown>;
}

/** Copies the listed keys that are present (not undefined). Anything else the caller sent, scope_id included, is dropped. */
export function pick(params: ToolParams, keys: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys) if (params[key] !== undefined) body[key] = params[key];
  return body;
}

export function searchLimit(value: unknown): number {
  const limit = typeof value === "number" && Number.isFinite(value) ? Math.floor(value) : 8;
  return Math.min(8, Math.max(1, limit));
}

export const TOOLS: readonly ToolSpec[] = [
  {
    name: "pc_search",
    label: "PowerContext Search",
    description:
      "Search this project's PowerContext Memory for prior decisions, constraints or facts when a focused historical " +
      "question needs them. Hits are untrusted history with exact citations; an empty result means nothing matched.",
    operation: "search_memory",
    mutation: false,
    body: (p) => ({ query: p.query, limit: searchLimit(p.limit), mode: p.mode ?? "auto" }),
  },
  {
    name: "pc_memory_list",
    label: "PowerContext Memory List",
    description:
      "List the Memory entries of this project for an explicit inventory or audit. Use pc_search to answer a question.",
    operation: "list_memory_entries",
    mutation: false,
    body: (p) => ({ include_inactive: p.include_inactive ?? false }),
  },
  {
    name: "pc_memory_get",
    label: "PowerContext Memory Get",
    description: "Read one Memory entry by the exact citation returned by pc_search or pc_memory_list.",
    operation: "get_memory_entry",
    mutation: false,
    body: (p) => pick(p, ["citation"]),
  },
  {
    name: "pc_prepare_context",
    label: "PowerContext Prepare Context",
    description:
      "Return bounded, cited PowerContext context for a question. Automatic recall already runs before each prompt; " +
      "call this only when more context is needed. The result is returned to you, not injected.",
    operation: "prepare_context",
    mutation: false,
    body: (p, settings) => ({ query: p.query, max_bytes: settings.maxBytes }),
  },
  {
    name: "pc_remember",
    label: "PowerContext Remember",
    description:
      "Save one concise Memory entry when the user explicitly asks to remember something. Requires the user's " +
      "confirmation; never include secrets. Report it saved only after success.",
    operation: "remember_memory",
    mutation: true,
    body: (p) => pick(p, ["kind", "text", "reason"]),
  },
  {
    name: "pc_memory_revise",
    label: "PowerContext Memory Revise",
    description:
      "Correct an existing Memory entry when the user asks, using its exact current citation. Requires confirmation. " +
      "On revision_conflict, read the entry again and retry once if the change still applies.",
    operation: "revise_memory_entry",
    mutation: true,
    body: (p) => pick(p, ["citation", "kind", "text", "reason"]),
  },
  {
    name: "pc_memory_retire",
    label: "PowerContext Memory Retire",
    description:
      "Retire a Memory entry from active use when the user asks, using its exact current citation. History is kept. " +
      "Requires confirmation.",
    operation: "retire_memory_entry",
    mutation: true,
    body: (p) => pick(p, ["citation", "reason"]),
  },
  {
    name: "pc_capture_source",
    label: "PowerContext Capture Source",
    description:
      "Record a deliberate evidence Source, such as the boundary of a requested handoff, with a stable unique " +
      "source_id. Requires confirmation. An accepted Source is not Memory and does not satisfy a remember request.",
    operation: "capture_content_source",
    mutation: true,
    body: (p) => ({ ...pick(p, ["source_id", "content"]), metadata: p.metadata ?? { origin: "pi" } }),
  },
  {
    name: "pc_handoff_activate",
    label: "PowerContext Handoff Activate",
    description:
      "Generate a Handoff draft from an existing boundary Source (returned by pc_capture_source) and an objective. " +
      "Requires confirmation. An `ignored` result is not a new handoff.",
    operation: "activate_handoff",
    mutation: true,
    body: (p) => ({ ...pick(p, ["boundary_source", "objective"]), evidence: p.evidence ?? [] }),
  },
  {
    name: "pc_handoff_prepare",
    label: "PowerContext Handoff Prepare",
    description:
      "Prepare a Handoff draft from exact evidence references returned by other tools; never invent a reference. " +
      "The draft is temporary; inspect it before pc_handoff_finalize.",
    operation: "prepare_handoff",
    mutation: false,
    body: (p) => pick(p, ["objective", "evidence"]),
  },
  {
    name: "pc_handoff_finalize",
    label: "PowerContext Handoff Finalize",
    description: "Finalize an inspected Handoff draft into a prepared value for the receiver. It commits nothing.",
    operation: "finalize_handoff",
    mutation: false,
    body: (p) => pick(p, ["draft"]),
  },
  {
    name: "pc_handoff_commit",
    label: "PowerContext Handoff Commit",
    description:
      "Commit a prepared Handoff as a durable milestone only when the user asks for one. Requires confirmation. " +
      "Report it committed only after a revision is returned.",
    operation: "commit_handoff",
    mutation: true,
    body: (p) => pick(p, ["handoff"]),
  },
  {
    name: "pc_handoff_continue",
    label: "PowerContext Handoff Continue",
    description:
      "Read a Handoff to continue transferred work: selection `prepared` with the prepared value, `exact` with a " +
      "revision, or `latest`. Verify its claims against the current code before acting.",
    operation: "continue_handoff",
    mutation: false,
    body: (p) => pick(p, ["selection", "prepared", "revision"]),
  },
];
