// What the vector index keeps of an entry, and how it is stored (entry_vector.vector): the direction of its mean word
// vector as signed bytes, the table rows of its distinct known words (for word-by-word matching) and the lexicon
// concepts it names. Layout: mean (dimensions bytes), word count (u16), concept count (u16), words (u32 each),
// concepts (u16 each), little-endian.

/** Words kept per entry: enough for a Memory entry's prose; a pasted log's tail adds little. */
export const MAX_SIGNATURE_WORDS = 64;

export interface EntrySignature {
  mean: Int8Array;
  words: Uint32Array;
  concepts: Uint16Array;
}

export function encodeSignature(signature: EntrySignature): Uint8Array {
  const d = signature.mean.length;
  const bytes = new Uint8Array(d + 4 + signature.words.length * 4 + signature.concepts.length * 2);
  const view = new DataView(bytes.buffer);
  bytes.set(new Uint8Array(signature.mean.buffer, signature.mean.byteOffset, d), 0);
  view.setUint16(d, signature.words.length, true);
  view.setUint16(d + 2, signature.concepts.length, true);
  let at = d + 4;
  for (const word of signature.words) {
    view.setUint32(at, word, true);
    at += 4;
  }
  for (const concept of signature.concepts) {
    view.setUint16(at, concept, true);
    at += 2;
  }
  return bytes;
}

/** Null when `bytes` is not a signature of `dimensions` (a vector stored by another model version). */
export function decodeSignature(bytes: Uint8Array, dimensions: number): EntrySignature | null {
  if (bytes.length < dimensions + 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wordCount = view.getUint16(dimensions, true);
  const conceptCount = view.getUint16(dimensions + 2, true);
  if (bytes.length !== dimensions + 4 + wordCount * 4 + conceptCount * 2) return null;
  const mean = new Int8Array(dimensions);
  mean.set(new Int8Array(bytes.buffer, bytes.byteOffset, dimensions));
  const words = new Uint32Array(wordCount);
  let at = dimensions + 4;
  for (let i = 0; i < wordCount; i += 1, at += 4) words[i] = view.getUint32(at, true);
  const concepts = new Uint16Array(conceptCount);
  for (let i = 0; i < conceptCount; i += 1, at += 2) concepts[i] = view.getUint16(at, true);
  return { mean, words, concepts };
}
