// How a GET operation carries its input (operation-routes.ts): as form-encoded query-string parameters.

/** `payload` as a query string (`?a=1&b=x`, or "" when there is nothing to send); undefined and null are left out. */
export function toQueryString(payload: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const encoded = params.toString();
  return encoded === "" ? "" : `?${encoded}`;
}
