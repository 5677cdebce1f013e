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

/**
 * How many words and concepts a stored signature holds, or null when `bytes` is not a signature of `dimensions`
 * (a vector stored by another model). The one place that reads the layout's header; see `storedWord`, `storedConcept`.
 */
export function storedCounts(bytes: Uint8Array, dimensions: number): { words: number; concepts: number } | null {
  if (bytes.length < dimensions + 4) return null;
  const words = (bytes[dimensions] as number) | ((bytes[dimensions + 1] as number) << 8);
  const concepts = (bytes[dimensions + 2] as number) | ((bytes[dimensions + 3] as number) << 8);
  return bytes.length === dimensions + 4 + words * 4 + concepts * 2 ? { words, concepts } : null;
}

/** Component `i` of a stored signature's mean direction. */
export function storedMean(bytes: Uint8Array, i: number): number {
  return ((bytes[i] as number) << 24) >> 24;
}

/** Word `i` of a stored signature (check `storedCounts` first). */
export function storedWord(bytes: Uint8Array, dimensions: number, i: number): number {
  const at = dimensions + 4 + i * 4;
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}

/** Concept `i` of a stored signature holding `words` words. */
export function storedConcept(bytes: Uint8Array, dimensions: number, words: number, i: number): number {
  const at = dimensions + 4 + words * 4 + i * 2;
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

/** Null when `bytes` is not a signature of `dimensions` (a vector stored by another model version). */
export function decodeSignature(bytes: Uint8Array, dimensions: number): EntrySignature | null {
  const counts = storedCounts(bytes, dimensions);
  if (counts === null) return null;
  return {
    mean: Int8Array.from({ length: dimensions }, (_, i) => storedMean(bytes, i)),
    words: Uint32Array.from({ length: counts.words }, (_, i) => storedWord(bytes, dimensions, i)),
    concepts: Uint16Array.from({ length: counts.concepts }, (_, i) =>
      storedConcept(bytes, dimensions, counts.words, i),
    ),
  };
}

/** A vector's direction as signed bytes written at `offset` of `into`: its largest component becomes ±127. */
export function quantizeInto(vector: ArrayLike<number>, into: Int8Array, offset = 0): Int8Array {
  let largest = 0;
  for (let i = 0; i < vector.length; i += 1) largest = Math.max(largest, Math.abs(vector[i] as number));
  const scale = largest > 0 ? 127 / largest : 0;
  for (let i = 0; i < vector.length; i += 1) into[offset + i] = Math.round((vector[i] as number) * scale);
  return into;
}
