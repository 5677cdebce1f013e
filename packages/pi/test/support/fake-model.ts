// A local OpenAI-compatible chat-completions server (streaming SSE) that records every request body.
// It is the only stand-in of the Pi tests: Pi, the extension and the PowerContext Server are real.
//
// Script, read from the last user message:
//   CALL_TOOL:<name> <json-args>   → one tool call with those arguments, then "tool said <result>" after it runs
//   anything else                  → the reply "ok"
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatMessage {
  role: string;
  content?: unknown;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { function: { name: string } }[];
}

export interface FakeModel {
  baseUrl: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
      .join("");
  }
  return "";
}

/** The system prompt of a recorded request. */
export function systemPromptOf(request: ChatRequest): string {
  const first = request.messages[0];
  return first?.role === "system" || first?.role === "developer" ? text(first.content) : "";
}

export function lastUserText(request: ChatRequest): string {
  const users = request.messages.filter((message) => message.role === "user");
  return text(users.at(-1)?.content);
}

const TOOL_CALL = /CALL_TOOL:(\w+)(?:\s+(\{[\s\S]*\}))?/;

export async function startFakeModel(): Promise<FakeModel> {
  const requests: ChatRequest[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as ChatRequest;
      requests.push(body);
      const last = body.messages.at(-1);
      const base = { id: "fake", object: "chat.completion.chunk", created: 0, model: body.model };
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      const wanted = last?.role === "user" ? TOOL_CALL.exec(text(last.content)) : null;
      if (wanted !== null) {
        calls += 1;
        send(
          {
            role: "assistant",
            tool_calls: [
              {
                index: 0,
                id: `call_${calls}`,
                type: "function",
                function: { name: wanted[1], arguments: wanted[2] ?? "{}" },
              },
            ],
          },
          null,
        );
        send({}, "tool_calls");
      } else {
        const reply = last?.role === "tool" ? `tool said ${text(last.content)}` : "ok";
        send({ role: "assistant", content: reply }, null);
        send({}, "stop");
      }
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
