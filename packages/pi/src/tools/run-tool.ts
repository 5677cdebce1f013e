// Executes one tool call: derived Scope, secret check and confirmation for mutations, then the request.
import { findSecretInValue, parsePreparedContext } from "@powercontext/protocol";
import { PiError } from "../errors.ts";
import type { HostContext } from "@powercontext/pi-kit";
import type { OperationId } from "@powercontext/protocol";
import type { Runtime } from "../runtime.ts";
import type { ToolParams, ToolSpec } from "./catalog.ts";
import { confirmMutation } from "./confirm.ts";
import { failure, toFailure, UNAVAILABLE, type ToolOutcome } from "./outcome.ts";

const PREVIEW_CHARS = 600;

export interface ScopedRequest {
  operation: OperationId;
  /** The body without scope_id; the derived Scope is added last and replaces any caller value. */
  body: Record<string, unknown>;
  mutation: boolean;
  /** Shown in the confirmation dialog. */
  summary: string;
}

/** Secret-bearing payloads are refused before anything is asked or sent. */
export function rejectSecrets(body: Record<string, unknown>): ToolOutcome | null {
  const finding = findSecretInValue(body);
  if (finding === null) return null;
  return failure(
    "secret_rejected",
    `PowerContext refused to send secret-shaped content (${finding.family}); remove it and retry. Nothing was written.`,
  );
}

/** Runs a scoped request for a tool or /pc. Never rejects. */
export async function runScoped(
  runtime: Runtime,
  request: ScopedRequest,
  ctx: Pick<HostContext, "cwd" | "hasUI" | "ui">,
  signal?: AbortSignal,
): Promise<ToolOutcome> {
  let scopeId: string;
  try {
    scopeId = await runtime.scopes.resolve(ctx.cwd);
  } catch {
    return UNAVAILABLE;
  }
  if (request.mutation) {
    const rejected = rejectSecrets(request.body);
    if (rejected !== null) return rejected;
    const refused = await confirmMutation(ctx, `${request.summary}\n\nScope: ${scopeId}`);
    if (refused !== null) return refused;
  }
  try {
    const response = await runtime.client.forward(request.operation, { ...request.body, scope_id: scopeId }, signal);
    if (
      request.operation === "prepare_context" &&
      parsePreparedContext(response.value, runtime.settings.maxBytes) === null
    ) {
      throw new PiError("invalid_response", "/v1/context/prepare: not a valid PreparedContext v1 value");
    }
    return { ok: true, status: response.status, request_id: response.requestId, data: response.value };
  } catch (error) {
    runtime.log("tool.failed", {
      operation: request.operation,
      code: error instanceof PiError ? error.code : "unexpected",
    });
    return toFailure(error);
  }
}

export function runTool(
  runtime: Runtime,
  spec: ToolSpec,
  params: ToolParams,
  ctx: Pick<HostContext, "cwd" | "hasUI" | "ui">,
  signal?: AbortSignal,
): Promise<ToolOutcome> {
  const body = spec.body(params, runtime.settings);
  const preview = JSON.stringify(body);
  const summary = `${spec.name} will change durable project context:\n${preview.length > PREVIEW_CHARS ? `${preview.slice(0, PREVIEW_CHARS)}…` : preview}`;
  return runScoped(runtime, { operation: spec.operation, body, mutation: spec.mutation, summary }, ctx, signal);
}
