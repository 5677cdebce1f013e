// A loopback OpenAI-compatible chat-completions endpoint for the capability probes: it records each request body and
// answers "ok" with usage. It is the probes' only model; nothing leaves the machine.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProbeRequest {
  tools: string[];
  body: string;
}

export interface ProbeModel {
  baseUrl: string;
  requests: ProbeRequest[];
  close(): Promise<void>;
}

export async function startProbeModel(): Promise<ProbeModel> {
  const requests: ProbeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let parsed: { model?: string; tools?: { function?: { name?: string } }[] } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // recorded as is
      }
      requests.push({ tools: (parsed.tools ?? []).map((tool) => tool.function?.name ?? "?"), body });
      const base = { id: "probe", object: "chat.completion.chunk", created: 0, model: parsed.model ?? "probe-model" };
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "ok" }, finish_reason: null }] })}\n\n`,
      );
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 } })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
