// A local OpenAI-compatible chat-completions server (streaming SSE) that records every request body and plays a
// deterministic script. It is the only stand-in of the real-Pi tests and of the replay benchmark.
//
// Script, read from the last user message that is not a fold brief:
//   STAGE <n> READS <k>            → k sequential `read` calls of stage-<n>-<i>.txt, then "stage <n> done"
//   CALL_TOOL:<name> <json-args>   → one tool call, then "tool said <result>" after it runs
//   anything else                  → "ok"
// A request without tools (Pi's compaction summarizer) gets a short summary. When `overflowAbove` is set, a request
// estimated above it is refused with an OpenAI-style context-length error; a request for a model in `failModels` gets
// an HTTP 500.
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

export interface FakeModel {
  baseUrl: string;
  requests: WireRequest[];
  /** Requests refused as too large. */
  refused: WireRequest[];
  overflowAbove: number | null;
  /** Model ids answered with an HTTP 500 (a provider outage). */
  failModels: Set<string>;
  close(): Promise<void>;
}

export function wireText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
      .join("");
  return "";
}

/** Tokens of a request as this fake and the benchmark count them: ceil(chars of the messages JSON / 4). */
export function requestTokens(request: WireRequest): number {
  return Math.ceil(JSON.stringify(request.messages).length / 4);
}

const TOOL_CALL = /CALL_TOOL:(\w+)(?:\s+(\{[\s\S]*\}))?/;
const STAGE = /STAGE (\d+) READS (\d+)/;

export async function startFakeModel(): Promise<FakeModel> {
  const requests: WireRequest[] = [];
  const refused: WireRequest[] = [];
  let calls = 0;
  const model: FakeModel = {
    baseUrl: "",
    requests,
    refused,
    overflowAbove: null,
    failModels: new Set(),
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as WireRequest;
      if (model.failModels.has(body.model)) {
        refused.push(body);
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "fake outage", type: "server_error" } }));
        return;
      }
      const tokens = requestTokens(body);
      if (model.overflowAbove !== null && tokens > model.overflowAbove) {
        refused.push(body);
        res.writeHead(400, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: {
              message: `This model's maximum context length is ${model.overflowAbove} tokens. However, your messages resulted in ${tokens} tokens.`,
              type: "invalid_request_error",
              code: "context_length_exceeded",
            },
          }),
        );
        return;
      }
      requests.push(body);
      const base = { id: "fake", object: "chat.completion.chunk", created: 0, model: body.model };
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      const call = (name: string, args: string) => {
        calls += 1;
        send(
          {
            role: "assistant",
            tool_calls: [{ index: 0, id: `call_${calls}`, type: "function", function: { name, arguments: args } }],
          },
          null,
        );
        send({}, "tool_calls");
      };
      const reply = (text: string) => {
        send({ role: "assistant", content: text }, null);
        send({}, "stop");
      };
      const lastUser = body.messages
        .map((message, index) => ({ message, index }))
        .filter(
          ({ message }) =>
            message.role === "user" &&
            !wireText(message.content).startsWith("[folded ") &&
            !wireText(message.content).startsWith("[powercontext-fold:"),
        )
        .at(-1);
      const userText = wireText(lastUser?.message.content);
      const after = lastUser === undefined ? [] : body.messages.slice(lastUser.index + 1);
      const stage = STAGE.exec(userText);
      const wanted = TOOL_CALL.exec(userText);
      if (body.tools === undefined || body.tools.length === 0)
        reply("SUMMARY: earlier stages read their files and reported.");
      else if (stage !== null) {
        const done = after.filter((message) => message.role === "tool").length;
        if (done < Number(stage[2])) call("read", JSON.stringify({ path: `stage-${stage[1]}-${done + 1}.txt` }));
        else reply(`stage ${stage[1]} done`);
      } else if (wanted !== null && after.length === 0) call(wanted[1] as string, wanted[2] ?? "{}");
      else if (body.messages.at(-1)?.role === "tool") reply(`tool said ${wireText(body.messages.at(-1)?.content)}`);
      else reply("ok");
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: tokens, completion_tokens: 10, total_tokens: tokens + 10 } })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  model.baseUrl = `http://127.0.0.1:${port}/v1`;
  model.close = () => new Promise((resolve) => server.close(() => resolve()));
  return model;
}

/** First wire-level tool-linkage violation of a request (a tool message not answering the open batch, or a missing answer). */
export function wireLinkageViolation(request: WireRequest): string | null {
  let pending = new Set<string>();
  let open = new Set<string>();
  for (const [index, message] of request.messages.entries()) {
    if (message.role === "tool") {
      if (message.tool_call_id === undefined || !open.has(message.tool_call_id))
        return `message ${index}: tool result ${String(message.tool_call_id)} without its call`;
      pending.delete(message.tool_call_id);
      continue;
    }
    if (pending.size > 0) return `message ${index}: call ${[...pending].join(",")} unanswered`;
    open = new Set((message.tool_calls ?? []).map((call) => call.id));
    pending = new Set(open);
  }
  return null;
}
