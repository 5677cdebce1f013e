// A local fake OpenAI-compatible chat-completions server (127.0.0.1, random port) for tests: it records every request
// body and answers from a script. Never imported by production code.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeReply {
  /** The assistant message content (ignored when `raw` is set). */
  content?: string;
  /** A body sent verbatim instead of a chat completion (e.g. malformed JSON). */
  raw?: string;
  status?: number;
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
}

export interface FakeModelServer {
  /** The base URL to configure, ending in /v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The most requests the server was answering at the same time. */
  maxInFlight: number;
  /** Replies used in order, one per request; after they run out, `respond` answers. */
  enqueue(...replies: FakeReply[]): void;
  respond: (request: RecordedRequest) => FakeReply;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const queue: FakeReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeModelServer = {
    baseUrl: "",
    requests: [],
    maxInFlight: 0,
    enqueue: (...replies) => void queue.push(...replies),
    respond: () => ({ content: '{"candidates":[]}' }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  let inFlight = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    response.on("close", () => {
      inFlight -= 1;
    });
    void (async () => {
      const text = await readBody(request);
      let body: RecordedRequest["body"] = {};
      try {
        body = JSON.parse(text) as RecordedRequest["body"];
      } catch {
        body = { unparsed: text };
      }
      const recorded: RecordedRequest = {
        path: request.url ?? "",
        authorization: request.headers.authorization ?? null,
        body,
      };
      fake.requests.push(recorded);
      const reply = queue.shift() ?? fake.respond(recorded);
      const send = (): void => {
        timers.delete(timer);
        if (response.destroyed) return;
        const payload =
          reply.raw ??
          JSON.stringify({
            id: `chatcmpl-${fake.requests.length}`,
            object: "chat.completion",
            model: body.model ?? "fake",
            choices: [
              { index: 0, message: { role: "assistant", content: reply.content ?? "" }, finish_reason: "stop" },
            ],
            ...(reply.usage === null ? {} : { usage: reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 } }),
          });
        response.writeHead(reply.status ?? 200, { "content-type": "application/json" }).end(payload);
      };
      const timer = setTimeout(send, reply.delayMs ?? 0);
      timers.add(timer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
