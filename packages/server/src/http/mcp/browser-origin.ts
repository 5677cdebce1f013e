// The MCP specification asks a local server to check the Origin of each request, because a web page can reach a
// loopback port (through DNS rebinding, its own name then resolving to 127.0.0.1). Browsers send Origin; MCP clients
// of agent hosts do not. So, on a Server without a token, a request from a page served by any host other than this
// machine is refused; with a token, the token is what protects the Server, as for the HTTP API.
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request with this Origin header may reach /mcp of a Server without a token. */
export function isAllowedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}
