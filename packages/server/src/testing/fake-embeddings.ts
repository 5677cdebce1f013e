// Embeddings answers for the fake model server (fake-model-server.ts), so that a test reaches a fake OpenAI-compatible
// embeddings endpoint through the ordinary embeddings client. Never imported by production code.
import type { FakeReply, RecordedRequest } from "./fake-model-server.ts";

/** The texts of an embeddings request (`input` as a string or an array of strings). */
export function embeddingInputs(request: RecordedRequest): string[] {
  const { input } = request.body;
  if (typeof input === "string") return [input];
  return Array.isArray(input) ? input.filter((text): text is string => typeof text === "string") : [];
}

/** An embeddings response giving each input text `vectorOf(text)`. */
export function embeddingsReply(request: RecordedRequest, vectorOf: (text: string) => number[]): FakeReply {
  const data = embeddingInputs(request).map((text, index) => ({
    object: "embedding",
    index,
    embedding: vectorOf(text),
  }));
  return { raw: JSON.stringify({ object: "list", data, model: request.body.model ?? "fake" }) };
}
