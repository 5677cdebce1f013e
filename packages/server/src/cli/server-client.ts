// A small JSON client of a running PowerContext Server, for the CLI's doctor, review and memory commands. Methods,
// paths and payload and answer types come from the contract's operation table in @powercontext/protocol.
import { toHttpRequest, type OperationId, type OperationRequest, type OperationResponse } from "@powercontext/protocol";

export const DEFAULT_SERVER_URL = "http://127.0.0.1:8000";
const DEFAULT_TIMEOUT_MS = 5000;

/** A call that failed: `status` is 0 when the Server could not be reached at all. */
export class ServerCallError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ServerCallError";
    this.status = status;
    this.code = code;
  }
}

export interface ServerTarget {
  url: string;
  token: string | null;
  timeoutMs?: number;
}

/** Where the CLI talks to: --server, else POWERCONTEXT_SERVER_URL, else the default; token from the environment. */
export function resolveTarget(env: Readonly<Record<string, string | undefined>>, server?: string): ServerTarget {
  const url = (server ?? env.POWERCONTEXT_SERVER_URL ?? DEFAULT_SERVER_URL).replace(/\/+$/, "");
  return { url, token: env.POWERCONTEXT_SERVER_TOKEN ?? null };
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
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "is not reachable";
    throw new ServerCallError(0, "unavailable", `The PowerContext Server at ${target.url} ${reason}.`);
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
    const envelope = envelopeError(parsed);
    throw new ServerCallError(
      response.status,
      envelope.code ?? "error",
      envelope.message ?? `The Server answered ${response.status}.`,
    );
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
  if (response.status >= 400) {
    const envelope = envelopeError(response.body);
    throw new ServerCallError(
      response.status,
      envelope.code ?? "unavailable",
      envelope.message ?? "The Server is not ready.",
    );
  }
  return response.body;
}

/** The code and message of an error envelope, each as far as `body` carries it as a string. */
function envelopeError(body: unknown): { code: string | undefined; message: string | undefined } {
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
  if (typeof error !== "object" || error === null) return { code: undefined, message: undefined };
  return {
    code: "code" in error && typeof error.code === "string" ? error.code : undefined,
    message: "message" in error && typeof error.message === "string" ? error.message : undefined,
  };
}
