// A transparent HTTP proxy in front of a real PowerContext Server. It records what the extension sends and can
// answer chosen paths itself (faults: 500, redirect, oversized, non-JSON, a hang, a dropped connection).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Status sent back to the extension (0 when the connection was dropped). */
  status: number;
  /** The response body as sent back to the extension, parsed when JSON. */
  response: unknown;
}

export type Fault =
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "redirect"; location: string }
  | { kind: "oversized" }
  | { kind: "non_json" }
  | { kind: "drop" }
  | { kind: "hang" }
  /** Forward after a delay. */
  | { kind: "delay"; ms: number }
  /** Forward at once, hold the Server's answer for a while. */
  | { kind: "slow_response"; ms: number }
  /** Forward, then rewrite the JSON response. */
  | { kind: "rewrite"; rewrite: (value: unknown) => unknown };

export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  /** Path (without query) → fault; unset paths are forwarded to the target. */
  faults: Map<string, Fault>;
  /** Changes where requests are forwarded (e.g. to a restarted Server). */
  setTarget(url: string): void;
  /** Requests to `path` (ignoring the query string). */
  to(path: string): RecordedRequest[];
  close(): Promise<void>;
}

function parse(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  let upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const faults = new Map<string, Fault>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const record: RecordedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: parse(raw.toString("utf8")),
        status: 0,
        response: undefined,
      };
      requests.push(record);
      const fault = faults.get(path);
      const reply = (status: number, headers: Record<string, string>, body: string | Buffer) => {
        record.status = status;
        record.response = parse(body.toString());
        res.writeHead(status, headers);
        res.end(body);
      };
      if (path.startsWith("/probe/")) return reply(200, { "content-type": "application/json" }, "{}");
      if (fault !== undefined && fault.kind !== "rewrite" && fault.kind !== "delay" && fault.kind !== "slow_response") {
        switch (fault.kind) {
          case "status":
            return reply(
              fault.status,
              { "content-type": "application/json" },
              JSON.stringify(
                fault.body ?? { error: { code: "internal_error", message: "The Server failed.", details: null } },
              ),
            );
          case "redirect":
            return reply(307, { location: fault.location, "content-type": "application/json" }, "{}");
          case "oversized":
            return reply(200, { "content-type": "application/json" }, Buffer.alloc(1_048_577, 0x20));
          case "non_json":
            return reply(200, { "content-type": "application/json" }, "<html>not json</html>");
          case "drop":
            req.socket.destroy();
            return;
          case "hang":
            return;
        }
      }
      const forwardNow = () => {
        const forward = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: upstream.host },
          },
          (upstreamRes) => {
            const body: Buffer[] = [];
            upstreamRes.on("data", (chunk: Buffer) => body.push(chunk));
            upstreamRes.on("end", () => {
              let text = Buffer.concat(body).toString("utf8");
              if (fault?.kind === "rewrite") text = JSON.stringify(fault.rewrite(JSON.parse(text)));
              const headers: Record<string, string> = {};
              for (const [key, value] of Object.entries(upstreamRes.headers)) {
                if (typeof value === "string" && key !== "content-length" && key !== "transfer-encoding")
                  headers[key] = value;
              }
              const send = () => reply(upstreamRes.statusCode ?? 502, headers, text);
              if (fault?.kind === "slow_response") setTimeout(send, fault.ms);
              else send();
            });
          },
        );
        forward.on("error", () => req.socket.destroy());
        forward.end(raw);
      };
      if (fault?.kind === "delay") setTimeout(forwardNow, fault.ms);
      else forwardNow();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    setTarget(url) {
      upstream = new URL(url);
    },
    to: (path) => requests.filter((request) => request.path.split("?")[0] === path),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
