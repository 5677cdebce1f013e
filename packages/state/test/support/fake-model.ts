// A local OpenAI-compatible chat-completions server (streaming SSE) that records every request body; the only
// stand-in of the real-Pi tests. Adapted from packages/pi/test/support/fake-model.ts.
//
// Script, read from the last user message:
//   SCRIPT:<json array>  step i answers the i-th request of the run: {"call":name,"args":{…}} is one tool call,
//                        {"calls":[{"name","args"},…]} several calls in one response; after the last step: "done".
//   HOLD:<tag>:<n>       the first response of the run waits until n runs carrying this tag have asked.
//   anything else        the reply "ok".
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
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

export function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
      .join("");
  return "";
}

export function systemPromptOf(request: ChatRequest): string {
  const first = request.messages[0];
  return first?.role === "system" || first?.role === "developer" ? text(first.content) : "";
}

interface Step {
  call?: string;
  args?: unknown;
  calls?: { name: string; args?: unknown }[];
}

const SCRIPT = /SCRIPT:(\[[\s\S]*\])\s*$/;
const HOLD = /HOLD:(\w+):(\d+)/;

export async function startFakeModel(): Promise<FakeModel> {
  const requests: ChatRequest[] = [];
  const holds = new Map<string, { arrived: number; waiting: (() => void)[] }>();
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as ChatRequest;
      requests.push(body);
      const lastUser = body.messages.findLastIndex((message) => message.role === "user");
      const userText = text(body.messages[lastUser]?.content);
      const step = body.messages.slice(lastUser + 1).filter((message) => message.role === "assistant").length;
      const hold = HOLD.exec(userText);
      if (hold !== null && step === 0) {
        const tag = hold[1] as string;
        const entry = holds.get(tag) ?? { arrived: 0, waiting: [] };
        holds.set(tag, entry);
        entry.arrived += 1;
        if (entry.arrived >= Number(hold[2])) for (const release of entry.waiting.splice(0)) release();
        else await new Promise<void>((resolve) => entry.waiting.push(resolve));
      }
      const script = SCRIPT.exec(userText);
      const steps = script === null ? [] : (JSON.parse(script[1] as string) as Step[]);
      const current = steps[step];
      const base = { id: "fake", object: "chat.completion.chunk", created: 0, model: body.model };
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      if (current !== undefined) {
        const batch = current.calls ?? [{ name: current.call as string, args: current.args }];
        const toolCalls = batch.map((call, index) => {
          calls += 1;
          return {
            index,
            id: `call_${calls}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
          };
        });
        send({ role: "assistant", tool_calls: toolCalls }, null);
        send({}, "tool_calls");
      } else {
        send({ role: "assistant", content: script === null ? "ok" : "done" }, null);
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

/** A prompt that makes the fake model run `steps` in order. */
export function script(steps: Step[], prefix = ""): string {
  return `${prefix}SCRIPT:${JSON.stringify(steps)}`;
}

/** The tool results (parsed JSON when possible) of the requests' current runs, in order. */
export function toolResults(requests: readonly ChatRequest[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const request of requests) {
    const lastUser = request.messages.findLastIndex((message) => message.role === "user");
    for (const message of request.messages.slice(lastUser + 1)) {
      if (message.role !== "tool" || message.tool_call_id === undefined || seen.has(message.tool_call_id)) continue;
      const body = text(message.content);
      let value: unknown = body;
      try {
        value = JSON.parse(body);
      } catch {
        // keep the raw text (Pi may prefix an error)
      }
      seen.set(message.tool_call_id, value);
    }
  }
  return [...seen.values()];
}
