// A local OpenAI-compatible chat-completions server (streaming SSE) that records every request body and answers
// from a script. It is the only stand-in of the real-Pi suites: Pi, the extensions and the PowerContext Server are
// real. Each suite supplies its own script.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface WireRequest {
  model: string;
  messages: WireMessage[];
  tools?: { function: { name: string } }[];
}

export interface ToolCall {
  name: string;
  /** The arguments as a JSON string, as the wire carries them. */
  arguments: string;
}

/** A script's answer: a text reply, a batch of tool calls, or an HTTP error (the request is then recorded as refused). */
export type Answer =
  | { text: string; usage?: { prompt_tokens: number } }
  | { calls: ToolCall[]; usage?: { prompt_tokens: number } }
  | { status: number; error: Record<string, unknown> };

export type Script = (request: WireRequest) => Answer | Promise<Answer>;

export interface ChatServer {
  baseUrl: string;
  /** Requests answered with a reply or tool calls, in arrival order. */
  requests: WireRequest[];
  /** Requests answered with an HTTP error. */
  refused: WireRequest[];
  close(): Promise<void>;
}

/** The text of a message's content (a string, or the text parts of an array). */
export function wireText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
      .join("");
  return "";
}

/**
 * A request as a provider's prompt cache sees it: the tool declarations, then each message in order, serialized one
 * by one so that an appended message leaves the earlier text an exact prefix (a JSON body's closing brackets and
 * trailing fields would not).
 */
export function promptText(request: WireRequest): string {
  return [JSON.stringify(request.tools ?? []), ...request.messages.map((message) => JSON.stringify(message))].join(
    "\n",
  );
}

/** How much of `previous` (as bytes of its promptText) `next` keeps as an exact prefix, from 0 to 1. */
export function keptPrefix(previous: WireRequest, next: WireRequest): number {
  const before = Buffer.from(promptText(previous));
  const after = Buffer.from(promptText(next));
  return commonPrefixBytes(before, after) / before.length;
}

/** The length of the longest common prefix of two byte strings. */
export function commonPrefixBytes(left: Uint8Array, right: Uint8Array): number {
  const limit = Math.min(left.length, right.length);
  let index = 0;
  while (index < limit && left[index] === right[index]) index += 1;
  return index;
}

/** The system prompt of a recorded request. */
export function systemPromptOf(request: WireRequest): string {
  const first = request.messages[0];
  return first?.role === "system" || first?.role === "developer" ? wireText(first.content) : "";
}

export async function startChatServer(script: Script): Promise<ChatServer> {
  const requests: WireRequest[] = [];
  const refused: WireRequest[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as WireRequest;
      const answer = await script(body);
      if ("status" in answer) {
        refused.push(body);
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: answer.error }));
        return;
      }
      requests.push(body);
      const base = { id: "fake", object: "chat.completion.chunk", created: 0, model: body.model };
      const chunk = (payload: Record<string, unknown>) =>
        res.write(`data: ${JSON.stringify({ ...base, ...payload })}\n\n`);
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        chunk({ choices: [{ index: 0, delta, finish_reason: finish }] });
      res.writeHead(200, { "content-type": "text/event-stream" });
      if ("calls" in answer) {
        const toolCalls = answer.calls.map((call, index) => {
          calls += 1;
          return { index, id: `call_${calls}`, type: "function", function: call };
        });
        send({ role: "assistant", tool_calls: toolCalls }, null);
        send({}, "tool_calls");
      } else {
        send({ role: "assistant", content: answer.text }, null);
        send({}, "stop");
      }
      if (answer.usage !== undefined) {
        const { prompt_tokens } = answer.usage;
        chunk({ choices: [], usage: { prompt_tokens, completion_tokens: 10, total_tokens: prompt_tokens + 10 } });
      }
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
