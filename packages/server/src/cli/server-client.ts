// A small JSON client of a running PowerContext Server, for the CLI's doctor, review and memory commands. Methods,
// paths and payload and answer types come from the contract's operation table in @powercontext/protocol.
import { toHttpRequest, type OperationId, type OperationRequest, type OperationResponse } from "@powercontext/protocol";
import { withCurrentNames } from "../setting-names.ts";
import { stripUserinfo } from "./redact.ts";

export const DEFAULT_SERVER_URL = "http://127.0.0.1:8000";
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * A call that failed: `status` is 0 when the Server could not be reached at all. `details` is the error envelope's
 * `details` (for a 422, `errors[]` with the field path of each problem), null when there is none.
 */
export class ServerCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  constructor(status: number, code: string, message: string, details: Record<string, unknown> | null = null) {
    super(message);
    this.name = "ServerCallError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ServerTarget {
  url: string;
  token: string | null;
  timeoutMs?: number;
}

/**
 * Where the CLI talks to: --server-url (or --server), else POWERCONTEXT_CLIENT_SERVER_URL (or its former name
 * POWERCONTEXT_SERVER_URL), else the default; the token from POWERCONTEXT_SERVER_TOKEN. A URL's user-info is dropped:
 * the Server takes a bearer token, never URL credentials, and the URL is printed in messages.
 */
export function resolveTarget(
  env: Readonly<Record<string, string | undefined>>,
  server?: string,
  timeoutMs?: number,
): ServerTarget {
  const current = withCurrentNames(env);
  const chosen = server || current.POWERCONTEXT_CLIENT_SERVER_URL || DEFAULT_SERVER_URL;
  const url = stripUserinfo(chosen).replace(/\/+$/, "");
  return { url, token: current.POWERCONTEXT_SERVER_TOKEN || null, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
}

export interface ServerResponse<T> {
  status: number;
  body: T;
}

/**
 * Sends one operation: a POST with `payload` as its JSON body, a GET with it as query-string parameters. The answer
 * is typed as the contract's success body but not validated (the Server at the URL may be anything), so callers read
 * it defensively. Throws ServerCallError when the Server is unreachable, answers non-JSON, or answers an error other
 * than 503 (whose body readiness shares with its 200).
 */
export async function callServer<Id extends OperationId>(
  target: ServerTarget,
  operation: Id,
  payload: OperationRequest<Id>,
): Promise<ServerResponse<OperationResponse<Id>>> {
  const { method, path, query, body } = toHttpRequest(operation, payload);
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "powercontext-cli" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (target.token !== null) headers.authorization = `Bearer ${target.token}`;
  let response: Response;
  try {
    response = await fetch(`${target.url}${path}${query}`, {
      method,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    throw unreachable(target, error);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    throw new ServerCallError(
      response.status,
      "invalid_response",
      `The Server answered ${response.status} with a non-JSON body.`,
    );
  }
  if (response.status >= 400 && response.status !== 503) {
    throw envelopeFailure(response.status, parsed, "error", `The Server answered ${response.status}.`);
  }
  return { status: response.status, body: parsed as OperationResponse<Id> };
}

/** Like callServer, but a 503 is an error too: resolves with the success body. */
export async function callOk<Id extends OperationId>(
  target: ServerTarget,
  operation: Id,
  payload: OperationRequest<Id>,
): Promise<OperationResponse<Id>> {
  const response = await callServer(target, operation, payload);
  if (response.status >= 400)
    throw envelopeFailure(response.status, response.body, "unavailable", "The Server is not ready.");
  return response.body;
}

function unreachable(target: ServerTarget, error: unknown): ServerCallError {
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  const what = timedOut
    ? `did not answer within ${(target.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s (raise it with --timeout)`
    : "is not reachable (start it with `npx powercontext server run`, or point --server-url at it)";
  return new ServerCallError(0, "unavailable", `The PowerContext Server at ${target.url} ${what}.`);
}

/** The Server's error envelope as a ServerCallError, with a hint of what to do where the code calls for one. */
function envelopeFailure(
  status: number,
  body: unknown,
  fallbackCode: string,
  fallbackMessage: string,
): ServerCallError {
  const envelope = envelopeError(body);
  const code = envelope.code ?? fallbackCode;
  const hint = code === "unauthorized" ? " Set POWERCONTEXT_SERVER_TOKEN to the Server's token." : "";
  return new ServerCallError(status, code, `${envelope.message ?? fallbackMessage}${hint}`, envelope.details);
}

/** The code, message and details of an error envelope, each as far as `body` carries it with the right type. */
function envelopeError(body: unknown): {
  code: string | undefined;
  message: string | undefined;
  details: Record<string, unknown> | null;
} {
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
  if (typeof error !== "object" || error === null) return { code: undefined, message: undefined, details: null };
  const details = "details" in error && typeof error.details === "object" ? error.details : null;
  return {
    code: "code" in error && typeof error.code === "string" ? error.code : undefined,
    message: "message" in error && typeof error.message === "string" ? error.message : undefined,
    details: details as Record<string, unknown> | null,
  };
}
