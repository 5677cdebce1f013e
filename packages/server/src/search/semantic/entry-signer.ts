// What makes the signatures a vector index keeps and stores: the built-in model's (below), or an embeddings endpoint's
// (search/embeddings/endpoint-signer.ts). The index asks for the signatures its store lacks, one batch at a time.
import type { EntrySignature } from "./entry-signature.ts";
import type { SemanticModel } from "./word-vector-model.ts";

/** An entry version's text as the store holds it. */
export interface SignedText {
  kind: string;
  text: string;
}

export interface EntrySigner {
  /** The name the signatures are stored under: another name's stored signatures are not read. */
  readonly model: string;
  /** Components of a signature's mean direction. */
  readonly dimensions: number;
  /**
   * Whether the means lie on their principal axes, largest variance first (the built-in table is rotated so, see
   * build-table.ts): then a large scope is scanned by a prefix of the components first. Otherwise every scan is exact.
   */
  readonly principalAxes: boolean;
  /** Entries signed per call of `sign`; the index stores each batch's signatures before asking for the next. */
  readonly batchSize: number;
  /**
   * One signature per entry, in order, or null for an entry with nothing to index. Rejects when the signatures cannot
   * be made now (an endpoint that is down): the index's refresh stops there and is tried again later.
   */
  sign(entries: readonly SignedText[]): Promise<Array<EntrySignature | null>>;
}

/** The built-in model's signatures, computed in-process from the entry's kind and text. */
export function builtinSigner(model: SemanticModel): EntrySigner {
  return {
    // A getter: the lazy model loads its table on first use, not when the index is made.
    get model() {
      return model.model;
    },
    dimensions: model.dimensions,
    principalAxes: true,
    batchSize: Number.POSITIVE_INFINITY,
    sign: async (entries) => entries.map(({ kind, text }) => model.signature(`${kind} ${text}`)),
  };
}
