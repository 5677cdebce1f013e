// How an operation travels over HTTP: the method and path of its route (operation-routes.ts), its input as a JSON body
// for a POST and as form-encoded query-string parameters for a GET. Every client of the Server sends through it.
import { OPERATION_ROUTES, type OperationId } from "./operation-routes.ts";

export interface HttpRequest {
  method: "GET" | "POST";
  /** The route's path, without the query string (clients name the operation by it in their errors). */
  path: string;
  /** `?a=1&b=x` for a GET with parameters, else "". */
  query: string;
  /** The JSON body of a POST; undefined for a GET. */
  body: string | undefined;
}

/** The request that sends `payload` to `operation`. */
export function toHttpRequest(operation: OperationId, payload: object): HttpRequest {
  const { method, path } = OPERATION_ROUTES[operation];
  if (method === "POST") return { method, path, query: "", body: JSON.stringify(payload) };
  return { method, path, query: toQueryString(payload), body: undefined };
}

/** `payload` as a query string (`?a=1&b=x`, or "" when there is nothing to send); undefined and null are left out. */
function toQueryString(payload: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const encoded = params.toString();
  return encoded === "" ? "" : `?${encoded}`;
}
