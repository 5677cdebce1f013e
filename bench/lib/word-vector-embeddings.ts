// A local OpenAI-compatible embeddings endpoint (POST /v1/embeddings) backed by word vectors, so that a Server under
// test reaches a learned model through its ordinary embeddings client.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { embedText, type WordVectors } from "./word-vectors.ts";

export interface EmbeddingTraffic {
  requests: number;
  texts: number;
  words: number;
  known_words: number;
  embedding_ms: number;
}

export interface WordVectorEndpoint {
  /** For POWERCONTEXT_SERVER_EMBEDDING_BASE_URL, e.g. `http://127.0.0.1:40123/v1`. */
  baseUrl: string;
  model: string;
  /** Totals since start; take differences for one phase. */
  traffic(): EmbeddingTraffic;
  close(): Promise<void>;
}

export async function startWordVectorEndpoint(vectors: WordVectors, model: string): Promise<WordVectorEndpoint> {
  const traffic: EmbeddingTraffic = { requests: 0, texts: 0, words: 0, known_words: 0, embedding_ms: 0 };

  function answer(input: string[]): unknown {
    const started = process.hrtime.bigint();
    let tokens = 0;
    const data = input.map((text, index) => {
      const { embedding, words, known } = embedText(vectors, text);
      tokens += words;
      traffic.known_words += known;
      return { object: "embedding", embedding, index };
    });
    traffic.requests += 1;
    traffic.texts += input.length;
    traffic.words += tokens;
    traffic.embedding_ms += Number(process.hrtime.bigint() - started) / 1e6;
    return { object: "list", data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method !== "POST" || (path !== "/v1/embeddings" && path !== "/embeddings"))
      return reply(response, 404, openAiError("Not found: POST /v1/embeddings only."));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let input: unknown;
    try {
      input = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { input?: unknown }).input;
    } catch {
      return reply(response, 400, openAiError("The body is not JSON."));
    }
    const texts = typeof input === "string" ? [input] : input;
    if (!Array.isArray(texts) || !texts.every((text) => typeof text === "string"))
      return reply(response, 400, openAiError("`input` must be a string or an array of strings."));
    reply(response, 200, answer(texts));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => reply(response, 500, openAiError(String(error))));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model,
    traffic: () => ({ ...traffic }),
    close: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, "close");
    },
  };
}

function openAiError(message: string): unknown {
  return { error: { message, type: "invalid_request_error" } };
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** The traffic between two readings of `traffic()`. */
export function trafficSince(now: EmbeddingTraffic, before: EmbeddingTraffic | null): EmbeddingTraffic {
  if (before === null) return now;
  const since = { ...now };
  for (const key of Object.keys(now) as Array<keyof EmbeddingTraffic>) since[key] = now[key] - before[key];
  return since;
}

/** One progress line: how much was embedded and how fast (embedding time only, not HTTP). */
export function describeThroughput(now: EmbeddingTraffic, before: EmbeddingTraffic | null): string {
  const { requests, texts, words, known_words, embedding_ms } = trafficSince(now, before);
  const perSecond = (count: number) => Math.round(count / Math.max(embedding_ms / 1000, 1e-9));
  return (
    `${texts} texts in ${requests} calls, ${perSecond(texts)} texts/s and ${perSecond(words)} words/s while ` +
    `embedding (${Math.round(embedding_ms)} ms), ${Math.round((100 * known_words) / Math.max(words, 1))} % of words known`
  );
}
