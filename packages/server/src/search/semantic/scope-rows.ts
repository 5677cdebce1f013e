// One scope's entries as the semantic index keeps them in memory: flat typed arrays of mean directions, norms and a
// shared pool of words and concepts, with slots reused as entries leave.
import { type EntrySignature, storedConcept, storedCounts, storedMean, storedWord } from "./entry-signature.ts";
import { VersionSlots } from "./version-slots.ts";

const INITIAL_SLOTS = 256;

/** What recall scores of an entry besides its mean direction. */
/**
 * A concept's bit in an entry's concept mask (`ScopeRows.conceptMasks`): concepts share the 32 bits, so a mask that
 * shares no bit with the prompt's proves the entry names none of its concepts, and one that shares a bit may.
 */
export function conceptBit(id: number): number {
  return 1 << (id & 31);
}

export interface EntryTerms {
  words: Uint32Array;
  concepts: Uint32Array;
}

/**
 * One scope's entries: slot i holds an entry's mean direction (row i of `means`; nothing when `norms[i]` is 0), its
 * version id, and its words then concepts in the shared `terms` pool. Kept in flat typed arrays, not an object per
 * entry: 100,000 entries take about 25 MB.
 */
export class ScopeRows {
  revision = 0;
  readonly dimensions: number;
  /** Slot of each entry, by its head key. */
  readonly slotOfKey = new Map<number, number>();
  readonly #versions: VersionSlots;
  /** Slots ever used (the scans read slots 0 to this; a freed slot has norm 0). */
  slots = 0;
  means: Int8Array;
  norms: Float32Array;
  termStart: Uint32Array;
  wordCount: Uint16Array;
  conceptCount: Uint16Array;
  /** Per slot, the bits (`conceptBit`) of the concepts it names: the concept scan skips most entries by it alone. */
  conceptMasks: Uint32Array;
  terms: Uint32Array;
  termsUsed = 0;
  /** How many entries name each concept, for weighing a shared concept by its rarity (`conceptWeights`). */
  readonly #conceptEntries = new Map<number, number>();
  readonly #free: number[] = [];
  #scratchSlots = new Uint32Array(0);
  #scratchWeights = new Float32Array(0);
  #scratchSpare = new Float32Array(0);

  constructor(dimensions: number, capacity = INITIAL_SLOTS) {
    this.dimensions = dimensions;
    this.#versions = new VersionSlots(capacity);
    this.means = new Int8Array(capacity * dimensions);
    this.norms = new Float32Array(capacity);
    this.termStart = new Uint32Array(capacity);
    this.wordCount = new Uint16Array(capacity);
    this.conceptCount = new Uint16Array(capacity);
    this.conceptMasks = new Uint32Array(capacity);
    this.terms = new Uint32Array(capacity * 16);
  }

  get size(): number {
    return this.slotOfKey.size;
  }

  /** The entry version id in `slot` (a slot the index returned, so one that holds an entry). */
  versionIdAt(slot: number): string {
    return this.#versions.idAt(slot) as string;
  }

  /** The slot of an indexed entry version, or undefined. */
  slotOfVersion(versionId: string): number | undefined {
    return this.#versions.slotOf(versionId);
  }

  upsert(key: number, versionId: string, signature: EntrySignature): void {
    this.#forgetConcepts(key);
    const slot = this.#slotFor(key, versionId);
    this.means.set(signature.mean.subarray(0, this.dimensions), slot * this.dimensions);
    this.#setNorm(slot);
    const start = this.#reserveTerms(slot, signature.words.length, signature.concepts.length);
    this.terms.set(signature.words, start);
    this.terms.set(signature.concepts, start + signature.words.length);
    this.#countConcepts(slot, 1);
  }

  /**
   * `upsert` straight from a stored signature's bytes (entry-signature.ts's layout), without decoding it into arrays
   * first: a scope's load does this for every entry. False, changing nothing, when the bytes are not of that layout.
   */
  upsertStored(key: number, versionId: string, bytes: Uint8Array): boolean {
    const d = this.dimensions;
    const counts = storedCounts(bytes, d);
    if (counts === null) return false;
    this.#forgetConcepts(key);
    const slot = this.#slotFor(key, versionId);
    const base = slot * d;
    for (let i = 0; i < d; i += 1) this.means[base + i] = storedMean(bytes, i);
    this.#setNorm(slot);
    const start = this.#reserveTerms(slot, counts.words, counts.concepts);
    for (let i = 0; i < counts.words; i += 1) this.terms[start + i] = storedWord(bytes, d, i);
    for (let i = 0; i < counts.concepts; i += 1)
      this.terms[start + counts.words + i] = storedConcept(bytes, d, counts.words, i);
    this.#countConcepts(slot, 1);
    return true;
  }

  /**
   * For each of `concepts`, how much naming it says about an entry of this scope: ln(1 + entries / (1 + entries
   * naming it)), so a concept half the scope names weighs little and one a handful name weighs much.
   */
  conceptWeights(concepts: readonly number[]): Float32Array {
    const entries = this.size;
    return Float32Array.from(concepts, (id) => Math.log(1 + entries / (1 + (this.#conceptEntries.get(id) ?? 0))));
  }

  /** Adds `delta` to the entry counts of the concepts the entry in `slot` names, and sets or clears its mask. */
  #countConcepts(slot: number, delta: number): void {
    let mask = 0;
    for (const id of this.termsAt(slot).concepts) {
      mask |= conceptBit(id);
      const count = (this.#conceptEntries.get(id) ?? 0) + delta;
      if (count > 0) this.#conceptEntries.set(id, count);
      else this.#conceptEntries.delete(id);
    }
    this.conceptMasks[slot] = delta > 0 ? mask : 0;
  }

  /** Before an entry's slot is rewritten or freed: its concepts no longer count. */
  #forgetConcepts(key: number): void {
    const slot = this.slotOfKey.get(key);
    if (slot !== undefined) this.#countConcepts(slot, -1);
  }

  #slotFor(key: number, versionId: string): number {
    let slot = this.slotOfKey.get(key);
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.slots;
      if (slot >= this.norms.length) this.#grow(Math.ceil(this.norms.length * 1.5));
      if (slot === this.slots) this.slots += 1;
      this.slotOfKey.set(key, slot);
    }
    this.#versions.set(slot, versionId);
    return slot;
  }

  #setNorm(slot: number): void {
    const base = slot * this.dimensions;
    let sum = 0;
    for (let i = 0; i < this.dimensions; i += 1) sum += (this.means[base + i] as number) ** 2;
    this.norms[slot] = Math.sqrt(sum);
  }

  /** Room for a slot's words and concepts at the end of the pool; returns where they start. */
  #reserveTerms(slot: number, words: number, concepts: number): number {
    const length = words + concepts;
    if (this.termsUsed + length > this.terms.length) this.#growTerms(this.termsUsed + length);
    // A rewritten entry's old terms stay in the pool unused: revisions are rare next to reads.
    const start = this.termsUsed;
    this.termStart[slot] = start;
    this.wordCount[slot] = words;
    this.conceptCount[slot] = concepts;
    this.termsUsed += length;
    return start;
  }

  remove(key: number): void {
    const slot = this.slotOfKey.get(key);
    if (slot === undefined) return;
    this.#countConcepts(slot, -1);
    this.slotOfKey.delete(key);
    this.#versions.delete(slot);
    this.norms[slot] = 0;
    this.#free.push(slot);
  }

  /**
   * Reusable arrays of at least `size` slots and weights for a scan, and a spare for a copy of the weights that
   * quickselect may reorder (their contents are the caller's until the next scan).
   */
  scratch(size: number): { slots: Uint32Array; weights: Float32Array; spare: Float32Array } {
    if (this.#scratchSlots.length < size) {
      this.#scratchSlots = new Uint32Array(size);
      this.#scratchWeights = new Float32Array(size);
      this.#scratchSpare = new Float32Array(size);
    }
    return { slots: this.#scratchSlots, weights: this.#scratchWeights, spare: this.#scratchSpare };
  }

  /** Cosine similarity of `query` (a unit vector) to the mean direction in `slot`. */
  similarityAt(slot: number, query: Float32Array): number {
    const norm = this.norms[slot] as number;
    if (norm === 0) return 0;
    const d = this.dimensions;
    const base = slot * d;
    let dot = 0;
    for (let i = 0; i < d; i += 1) dot += (query[i] as number) * (this.means[base + i] as number);
    return dot / norm;
  }

  termsAt(slot: number): EntryTerms {
    const start = this.termStart[slot] as number;
    const words = this.wordCount[slot] as number;
    const concepts = this.conceptCount[slot] as number;
    return {
      words: this.terms.subarray(start, start + words),
      concepts: this.terms.subarray(start + words, start + words + concepts),
    };
  }

  #grow(capacity: number): void {
    const grown = <T extends Int8Array | Float32Array | Uint32Array | Uint16Array>(from: T, to: T): T => {
      to.set(from as never);
      return to;
    };
    this.#versions.grow(capacity);
    this.means = grown(this.means, new Int8Array(capacity * this.dimensions));
    this.norms = grown(this.norms, new Float32Array(capacity));
    this.termStart = grown(this.termStart, new Uint32Array(capacity));
    this.wordCount = grown(this.wordCount, new Uint16Array(capacity));
    this.conceptCount = grown(this.conceptCount, new Uint16Array(capacity));
    this.conceptMasks = grown(this.conceptMasks, new Uint32Array(capacity));
  }

  #growTerms(needed: number): void {
    const terms = new Uint32Array(Math.max(needed, Math.ceil(this.terms.length * 1.5)));
    terms.set(this.terms.subarray(0, this.termsUsed));
    this.terms = terms;
  }
}
