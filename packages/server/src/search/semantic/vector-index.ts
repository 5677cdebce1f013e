// The in-memory vector index of each scope's active entries: an exact scan of signed-byte rows, kept in step with the
// store by reading only the heads changed since the revision it last saw. Vectors missing from the store (entries
// written before this model, or by another Server) are computed here from the entry's text and written back, so
// every entry's vector is computed once and stored beside it.
import type { EntryVectorWrite, Store, VectorHead } from "../../store/types.ts";
import type { TextEmbedder } from "./word-vector-model.ts";

export interface VectorNeighbour {
  entry_id: string;
  entry_version_id: string;
  /** Cosine similarity to the query, in [-1, 1]. */
  similarity: number;
}

const INITIAL_SLOTS = 256;

/** One scope's rows: slot i holds an entry's vector (or nothing, when `norms[i]` is 0). */
class ScopeRows {
  revision = 0;
  readonly slotOf = new Map<string, number>();
  versionIds: string[] = [];
  entryIds: string[] = [];
  rows: Int8Array;
  norms: Float32Array;
  readonly #free: number[] = [];

  readonly dimensions: number;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.rows = new Int8Array(INITIAL_SLOTS * dimensions);
    this.norms = new Float32Array(INITIAL_SLOTS);
  }

  get size(): number {
    return this.slotOf.size;
  }

  upsert(entryId: string, versionId: string, vector: Int8Array): void {
    let slot = this.slotOf.get(entryId);
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.versionIds.length;
      if (slot >= this.norms.length) this.#grow();
      this.slotOf.set(entryId, slot);
    }
    this.rows.set(vector.subarray(0, this.dimensions), slot * this.dimensions);
    let sum = 0;
    for (let i = 0; i < this.dimensions; i += 1) sum += (vector[i] ?? 0) ** 2;
    this.norms[slot] = Math.sqrt(sum);
    this.versionIds[slot] = versionId;
    this.entryIds[slot] = entryId;
  }

  remove(entryId: string): void {
    const slot = this.slotOf.get(entryId);
    if (slot === undefined) return;
    this.slotOf.delete(entryId);
    this.norms[slot] = 0;
    this.#free.push(slot);
  }

  #grow(): void {
    const rows = new Int8Array(this.rows.length * 2);
    rows.set(this.rows);
    this.rows = rows;
    const norms = new Float32Array(this.norms.length * 2);
    norms.set(this.norms);
    this.norms = norms;
  }
}

export class VectorIndex {
  readonly #scopes = new Map<string, ScopeRows>();
  /** Per scope, the refresh in progress, so that concurrent requests read the store once. */
  readonly #refreshing = new Map<string, Promise<ScopeRows>>();

  readonly store: Store;
  readonly embedder: TextEmbedder;

  constructor(store: Store, embedder: TextEmbedder) {
    this.store = store;
    this.embedder = embedder;
  }

  /** The `limit` entries most similar to `query` (a unit vector), best first, at the scope's current revision. */
  async nearest(scopeId: string, query: Float32Array, limit: number): Promise<VectorNeighbour[]> {
    const scope = await this.refresh(scopeId);
    return scan(scope, query, limit);
  }

  /** Brings the scope's rows up to the store's head, computing and storing the vectors the store lacks. */
  refresh(scopeId: string): Promise<ScopeRows> {
    const running = this.#refreshing.get(scopeId);
    if (running) return running;
    const work = this.#refresh(scopeId).finally(() => this.#refreshing.delete(scopeId));
    this.#refreshing.set(scopeId, work);
    return work;
  }

  /** Computes and stores every missing vector of every scope; reports each scope done. */
  async backfill(progress: (done: { scope_id: string; entries: number; computed: number }) => void): Promise<number> {
    const scopes = await this.store.scopesMissingVectors(this.embedder.model);
    for (const scopeId of scopes) {
      const before = this.#computed;
      const rows = await this.refresh(scopeId);
      progress({ scope_id: scopeId, entries: rows.size, computed: this.#computed - before });
    }
    return scopes.length;
  }

  #computed = 0;

  async #refresh(scopeId: string): Promise<ScopeRows> {
    const scope = this.#scopes.get(scopeId) ?? new ScopeRows(this.embedder.dimensions);
    const changed = await this.store.readVectorHeads(scopeId, this.embedder.model, scope.revision);
    if (changed.revision < scope.revision) {
      // The store went back (a restored backup): start over.
      this.#scopes.delete(scopeId);
      return this.#refresh(scopeId);
    }
    const computed: EntryVectorWrite[] = [];
    for (const head of changed.heads) {
      if (!head.active) {
        scope.remove(head.entry_id);
        continue;
      }
      const vector = head.vector ?? this.#compute(head);
      if (head.vector === null && vector !== null)
        computed.push({ scope_id: scopeId, entry_version_id: head.entry_version_id, vector });
      if (vector === null) scope.remove(head.entry_id);
      else scope.upsert(head.entry_id, head.entry_version_id, vector);
    }
    scope.revision = changed.revision;
    this.#scopes.set(scopeId, scope);
    if (computed.length > 0) {
      this.#computed += computed.length;
      await this.store.putEntryVectors(this.embedder.model, computed);
    }
    return scope;
  }

  #compute(head: VectorHead): Int8Array | null {
    const vector = this.embedder.embed(`${head.kind ?? ""} ${head.text ?? ""}`);
    return vector === null ? null : quantize(vector);
  }
}

/** A unit vector's direction as signed bytes: its largest component becomes ±127. */
export function quantize(vector: Float32Array): Int8Array {
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  const scale = largest > 0 ? 127 / largest : 0;
  const bytes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) bytes[i] = Math.round((vector[i] as number) * scale);
  return bytes;
}

/** Exact top-`limit` scan by cosine similarity. */
function scan(scope: ScopeRows, query: Float32Array, limit: number): VectorNeighbour[] {
  const d = scope.dimensions;
  const { rows, norms } = scope;
  const slots = scope.versionIds.length;
  const top: Array<{ slot: number; similarity: number }> = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (let slot = 0; slot < slots; slot += 1) {
    const norm = norms[slot] as number;
    if (norm === 0) continue;
    let dot = 0;
    const base = slot * d;
    for (let i = 0; i < d; i += 1) dot += (query[i] as number) * (rows[base + i] as number);
    const similarity = dot / norm;
    if (top.length >= limit && similarity <= floor) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as { similarity: number }).similarity < similarity) at -= 1;
    top.splice(at, 0, { slot, similarity });
    if (top.length > limit) top.pop();
    if (top.length >= limit) floor = (top[top.length - 1] as { similarity: number }).similarity;
  }
  return top.map(({ slot, similarity }) => ({
    entry_id: scope.entryIds[slot] as string,
    entry_version_id: scope.versionIds[slot] as string,
    similarity,
  }));
}
