// The signatures of an embeddings endpoint's index: an entry's built-in words and concepts (so that recall's
// word-by-word and concept scoring work as they do with the built-in layer) with its mean direction replaced by the
// endpoint's vector of the entry's text, as signed bytes at the endpoint's dimension. Stored in the built-in layout
// (entry-signature.ts) under the endpoint's own model name.
import { redactSecrets } from "@powercontext/protocol";
import { type EntrySignature, quantizeInto } from "../semantic/entry-signature.ts";
import type { EntrySigner } from "../semantic/entry-signer.ts";
import type { SemanticModel } from "../semantic/word-vector-model.ts";

/** Characters of a text sent to the endpoint: endpoints limit their input, and a long text's tail adds little to one vector. */
export const MAX_EMBEDDED_CHARS = 8000;

/** What is sent to the endpoint for `text`: its secrets redacted first (a cut must not split one), then cut. */
export function embeddableText(text: string): string {
  return redactSecrets(text).text.slice(0, MAX_EMBEDDED_CHARS);
}

/**
 * The name an endpoint's signatures are stored under. It names the built-in model too, because the signatures hold
 * its words and concepts: a change of either model re-embeds. The endpoint's name comes last, whatever it holds.
 */
export function endpointModelName(name: string, dimensions: number, builtinModel: string): string {
  return `endpoint-v1/${dimensions}d/${builtinModel}/${name}`;
}

export interface EndpointSignerOptions {
  name: string;
  dimensions: number;
  builtin: SemanticModel;
  batchSize: number;
  /** The endpoint's vectors of `texts`, in order, each of `dimensions` components; rejects when it fails. */
  embed(texts: string[]): Promise<number[][]>;
}

export function endpointSigner(options: EndpointSignerOptions): EntrySigner {
  const { dimensions, builtin } = options;
  return {
    model: endpointModelName(options.name, dimensions, builtin.model),
    dimensions,
    principalAxes: false,
    batchSize: options.batchSize,
    async sign(entries) {
      const vectors = await options.embed(entries.map((entry) => embeddableText(entry.text)));
      return entries.map(({ kind, text }, i): EntrySignature | null => {
        const vector = vectors[i];
        if (vector === undefined || !vector.some((value) => value !== 0)) return null;
        const words = builtin.signature(`${kind} ${text}`);
        return {
          mean: quantizeInto(vector, new Int8Array(dimensions)),
          words: words?.words ?? new Uint32Array(0),
          concepts: words?.concepts ?? new Uint16Array(0),
        };
      });
    },
  };
}
