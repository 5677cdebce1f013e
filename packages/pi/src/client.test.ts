import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test, type TestContext } from "node:test";
import { createClient, MAX_RESPONSE_BYTES, USER_AGENT } from "./client.ts";
import { PiError, type PiErrorCode } from "./errors.ts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

async function serve(t: TestContext, handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen };
}

function client(
  baseUrl: string,
  { authorization = null, requestTimeoutMs = 1000 }: { authorization?: string | null; requestTimeoutMs?: number } = {},
) {
  return createClient({ settings: { baseUrl, authorization, requestTimeoutMs } });
}

function isPiError(code: PiErrorCode) {
  return (error: unknown) => error instanceof PiError && error.code === code;
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
};

test("a POST sends JSON with the fixed headers and the configured Authorization", async (t) => {
  const { url, seen } = await serve(t, (_req, res) =>
    json(res, 200, { ok: 1 }, { "x-powercontext-request-id": "abc123" }),
  );
  const response = await client(`${url}/`, { authorization: "Bearer s3cr3t-token" }).request("search_memory", {
    scope_id: "s",
    query: "q",
  });
  assert.deepEqual(response, { status: 200, value: { ok: 1 }, requestId: "abc123" });
  const [request] = seen;
  assert.equal(request?.method, "POST");
  assert.equal(request?.url, "/v1/memory/search");
  assert.equal(request?.headers.accept, "application/json");
  assert.equal(request?.headers["user-agent"], USER_AGENT);
  assert.equal(request?.headers.authorization, "Bearer s3cr3t-token");
  assert.equal(request?.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(request?.body ?? ""), { scope_id: "s", query: "q" });
});

test("a GET has no body and no Content-Type; stats put the scope in a form-encoded query", async (t) => {
  const { url, seen } = await serve(t, (_req, res) => json(res, 200, {}));
  await client(url).request("get_stats", { scope_id: "git:github.com/acme/billing" });
  await client(url).request("get_liveness", {});
  assert.equal(seen[0]?.url, "/v1/stats?scope_id=git%3Agithub.com%2Facme%2Fbilling");
  assert.equal(seen[0]?.headers["content-type"], undefined);
  assert.equal(seen[0]?.body, "");
  assert.equal(seen[1]?.url, "/health/live");
  assert.equal(seen[1]?.headers.authorization, undefined);
});

test("a redirect is rejected and never followed, so credentials are not forwarded", async (t) => {
  const target = await serve(t, (_req, res) => json(res, 200, {}));
  const { url } = await serve(t, (_req, res) => {
    res.writeHead(307, { location: `${target.url}/v1/memory/search` });
    res.end();
  });
  await assert.rejects(
    client(url, { authorization: "Bearer s3cr3t-token" }).request("search_memory", { scope_id: "s", query: "q" }),
    isPiError("invalid_response"),
  );
  assert.equal(target.seen.length, 0);
});

test("a body over 1 MiB is rejected, by Content-Length and by the stream", async (t) => {
  const declared = await serve(t, (_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(MAX_RESPONSE_BYTES + 1) });
    res.end(" ".repeat(MAX_RESPONSE_BYTES + 1));
  });
  await assert.rejects(
    client(declared.url).request("list_memory_entries", { scope_id: "s" }),
    isPiError("invalid_response"),
  );
  const streamed = await serve(t, (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    for (let i = 0; i < 17; i += 1) res.write(" ".repeat(65_536));
    res.end("{}");
  });
  await assert.rejects(
    client(streamed.url).request("list_memory_entries", { scope_id: "s" }),
    isPiError("invalid_response"),
  );
  const exact = await serve(t, (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(`{}${" ".repeat(MAX_RESPONSE_BYTES - 2)}`);
  });
  assert.deepEqual((await client(exact.url).request("list_memory_entries", { scope_id: "s" })).value, {});
});

test("a success body that is not JSON is rejected", async (t) => {
  const { url } = await serve(t, (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html>hello</html>");
  });
  await assert.rejects(client(url).request("list_memory_entries", { scope_id: "s" }), isPiError("invalid_response"));
});

test("an error status carries the envelope's code and message", async (t) => {
  const { url } = await serve(t, (_req, res) =>
    json(
      res,
      409,
      { error: { code: "revision_conflict", message: "The Memory Revision is stale.", details: null } },
      { "x-powercontext-request-id": "r1" },
    ),
  );
  await assert.rejects(
    client(url).request("remember_memory", { scope_id: "s", kind: "decision", text: "t" }),
    (error: unknown) => {
      assert.ok(error instanceof PiError);
      assert.equal(error.code, "http_error");
      assert.deepEqual(error.details, {
        status: 409,
        serverCode: "revision_conflict",
        serverMessage: "The Memory Revision is stale.",
        requestId: "r1",
      });
      return true;
    },
  );
});

test("the per-request timeout and a caller signal both abort as transport failures", async (t) => {
  const { url } = await serve(t, () => undefined);
  const started = Date.now();
  await assert.rejects(
    client(url, { requestTimeoutMs: 60 }).request("flush_memory", { scope_id: "s" }),
    isPiError("transport_failed"),
  );
  assert.ok(Date.now() - started < 900);
  await assert.rejects(
    client(url, { requestTimeoutMs: 5000 }).request("flush_memory", { scope_id: "s" }, AbortSignal.timeout(60)),
    isPiError("transport_failed"),
  );
});

test("a refused connection is a transport failure", async () => {
  await assert.rejects(client("http://127.0.0.1:9").request("get_liveness", {}), isPiError("transport_failed"));
});

test("forward sends a payload built elsewhere exactly as request sends its own", async (t) => {
  const { url, seen } = await serve(t, (_req, res) => json(res, 200, {}));
  await client(url).forward("remember_memory", { scope_id: "s", kind: "decision", text: "t", extra: 1 });
  await client(url).forward("get_stats", { scope_id: "s", period: "7d" });
  assert.equal(seen[0]?.method, "POST");
  assert.equal(seen[0]?.url, "/v1/memory/remember");
  assert.deepEqual(JSON.parse(seen[0]?.body ?? ""), { scope_id: "s", kind: "decision", text: "t", extra: 1 });
  assert.equal(seen[1]?.method, "GET");
  assert.equal(seen[1]?.url, "/v1/stats?scope_id=s&period=7d");
});
