// The HTTP client of the Server: fixed headers, manual redirects rejected, 1 MiB body cap, JSON required. Methods,
// paths and payload types come from the contract's operation table in @powercontext/protocol (its schema-free half,
// so the schemas are never evaluated under the host's TypeBox).
import { toHttpRequest, type OperationId, type OperationRequest, type OperationResponse } from "@powercontext/protocol";
import { PiError } from "./errors.ts";
import type { Settings } from "./config.ts";

export const USER_AGENT = "powercontext-pi/0.1.0";
export const MAX_RESPONSE_BYTES = 1_048_576;
export const REQUEST_ID_HEADER = "x-powercontext-request-id";

export type JsonObject = Record<string, unknown>;
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientResponse<Value = unknown> {
  status: number;
  /**
   * The parsed JSON body, typed as the contract's success answer. It is not validated here (the Server may be any
   * implementation of the contract), so code that acts on it still checks what it reads, e.g. parsePreparedContext.
   */
  value: Value;
  requestId: string | null;
}

export interface PowerContextClient {
  readonly baseUrl: string;
  /**
   * Sends one operation: a POST with `payload` as its JSON body, a GET with it as form-encoded query parameters.
   * Each request has its own timeout (`requestTimeoutMs`); `signal` adds a caller limit such as the turn budget.
   * Resolves on 2xx with the parsed JSON body; rejects with a PiError otherwise.
   */
  request<Id extends OperationId>(
    operation: Id,
    payload: OperationRequest<Id>,
    signal?: AbortSignal,
  ): Promise<ClientResponse<OperationResponse<Id>>>;
  /**
   * Sends a payload this package did not build, such as a tool call's arguments with the derived Scope added: Pi
   * checked them only against the tool's own parameter schema, and the Server validates them against the
   * operation's. Otherwise the same as `request`.
   */
  forward(operation: OperationId, payload: JsonObject, signal?: AbortSignal): Promise<ClientResponse>;
}

export interface ClientOptions {
  settings: Pick<Settings, "baseUrl" | "authorization" | "requestTimeoutMs">;
  fetch?: FetchLike;
}

export function createClient({ settings, fetch: fetchImpl = fetch }: ClientOptions): PowerContextClient {
  const baseUrl = settings.baseUrl.replace(/\/+$/, "");
  async function send<Value>(
    operationId: OperationId,
    payload: object,
    signal: AbortSignal | undefined,
  ): Promise<ClientResponse<Value>> {
    const { method, path, query, body } = toHttpRequest(operationId, payload);
    const headers: Record<string, string> = { Accept: "application/json", "User-Agent": USER_AGENT };
    if (settings.authorization !== null) headers.Authorization = settings.authorization;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
    const init: RequestInit = {
      method,
      headers,
      redirect: "manual",
      signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
      ...(body === undefined ? {} : { body }),
    };
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}${query}`, init);
    } catch (error) {
      throw new PiError("transport_failed", `${path}: request failed`, { cause: error });
    }
    return readResponse(path, response);
  }
  return {
    baseUrl,
    request: (operationId, payload, signal) => send(operationId, payload, signal),
    forward: (operationId, payload, signal) => send(operationId, payload, signal),
  };
}

async function readResponse<Value>(path: string, response: Response): Promise<ClientResponse<Value>> {
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  if ((response.status >= 300 && response.status < 400) || response.type === "opaqueredirect") {
    await response.body?.cancel().catch(() => undefined);
    throw new PiError("invalid_response", `${path}: redirects are not followed (HTTP ${response.status})`);
  }
  const bytes = await readLimitedBody(path, response);
  if (response.status < 200 || response.status >= 300) {
    const envelope = parseEnvelope(bytes);
    throw new PiError("http_error", `${path}: HTTP ${response.status}`, {
      details: { status: response.status, serverCode: envelope.code, serverMessage: envelope.message, requestId },
    });
  }
  try {
    return {
      status: response.status,
      value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)),
      requestId,
    };
  } catch (error) {
    throw new PiError("invalid_response", `${path}: the body is not JSON`, { cause: error });
  }
}

/** Reads at most MAX_RESPONSE_BYTES, judged by Content-Length and by the decoded stream. */
async function readLimitedBody(path: string, response: Response): Promise<Uint8Array> {
  const tooLarge = () => new PiError("invalid_response", `${path}: the body exceeds ${MAX_RESPONSE_BYTES} bytes`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > MAX_RESPONSE_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    await response.body.cancel().catch(() => undefined);
    if (error instanceof PiError) throw error;
    throw new PiError("transport_failed", `${path}: reading the body failed`, { cause: error });
  }
  return Buffer.concat(chunks, total);
}

function parseEnvelope(bytes: Uint8Array): { code: string | null; message: string | null } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
    const error = isObject(parsed) ? parsed.error : undefined;
    if (!isObject(error)) return { code: null, message: null };
    return {
      code: typeof error.code === "string" ? error.code : null,
      message: typeof error.message === "string" ? error.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
