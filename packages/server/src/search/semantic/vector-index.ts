// The in-memory semantic index of each scope's active entries: their signatures (mean direction, known words,
// concepts), scanned by mean direction (see `scan`), kept in step with the store by reading only the heads changed since
// the revision it last saw. Signatures missing from the store (entries written before this model, or by a Server that
// has not recalled them yet) are computed by the index's signer (the built-in model's by default, or an embeddings
// endpoint's) from the entry's text and written back, so each is computed once and stored beside its entry.
import type { EntryVectorWrite, Store, VectorHead } from "../../store/types.ts";
import { encodeSignature } from "./entry-signature.ts";
import { builtinSigner, type EntrySigner } from "./entry-signer.ts";
import { conceptScan } from "./concept-scan.ts";
import { kthLargest } from "./kth-largest.ts";
import { type EntryTerms, ScopeRows } from "./scope-rows.ts";
import { TopSlots } from "./top-slots.ts";
import type { SemanticModel } from "./word-vector-model.ts";

export interface VectorNeighbour {
  entry_version_id: string;
  /** Cosine similarity of the mean directions, in [-1, 1]. */
  similarity: number;
  terms: EntryTerms;
}

export interface RelatedEntries {
  neighbours: VectorNeighbour[];
  /** Weight of each of the prompt's concepts, in the prompt profile's order (ScopeRows.conceptWeights). */
  conceptWeights: Float32Array;
}

/** How long a recall waits for its scope's index before it goes on without the semantic layer. */
export const REFRESH_WAIT_MS = 250;
/** Heads read per page during a refresh; the signatures a page lacks are computed and stored before the next. */
const HEADS_PER_PAGE = 1000;

export class VectorIndex {
  readonly store: Store;
  /** The built-in model: the prompt's profile and the word-by-word comparison, whichever signer made the means. */
  readonly model: SemanticModel;
  readonly signer: EntrySigner;
  readonly #scopes = new Map<string, ScopeRows>();
  /** Per scope, the refresh in progress, so that concurrent requests read the store once. */
  readonly #refreshing = new Map<string, Promise<ScopeRows>>();
  #computed = 0;

  constructor(store: Store, model: SemanticModel, signer: EntrySigner = builtinSigner(model)) {
    this.store = store;
    this.model = model;
    this.signer = signer;
  }

  /** Whether the scope was loaded once, so that a recall gets an answer without waiting for its first load. */
  loaded(scopeId: string): boolean {
    return this.#scopes.has(scopeId);
  }

  /**
   * The `limit` entries whose mean direction is closest to `query` (a unit vector), best first. A recall never waits
   * long on the semantic layer: when the refresh takes more than REFRESH_WAIT_MS it goes on in the background, and
   * this answers from the scope's rows as last loaded, or null when the scope was never loaded (its first load).
   */
  async nearest(scopeId: string, query: Float32Array, limit: number): Promise<VectorNeighbour[] | null> {
    const scope = await this.#scopeForRecall(scopeId);
    return scope === undefined ? null : scan(scope, query, limit, !this.signer.principalAxes);
  }

  /**
   * What recall scores besides its lexical hits: the `byMean` entries nearest the prompt's mean direction and the
   * `byConcepts` entries that best name the prompt's concepts (weighted by rarity), without repeats; and the weight of
   * each of the prompt's concepts in this scope. Null when the scope was never loaded (see `nearest`). `revision`,
   * when the caller has just read the scope's Memory head revision, spares the store read of a scope the index already
   * holds at that revision.
   */
  async related(
    scopeId: string,
    profile: { mean: Float32Array; concepts: readonly number[] },
    limits: { byMean: number; byConcepts: number },
    revision?: number,
  ): Promise<RelatedEntries | null> {
    const held = this.#scopes.get(scopeId);
    const current = held !== undefined && held.revision === revision && !this.#refreshing.has(scopeId);
    const scope = current ? held : await this.#scopeForRecall(scopeId);
    if (scope === undefined) return null;
    const conceptWeights = scope.conceptWeights(profile.concepts);
    const neighbours = scan(scope, profile.mean, limits.byMean, !this.signer.principalAxes);
    if (limits.byConcepts > 0 && profile.concepts.length > 0) {
      const seen = new Set(neighbours.map((neighbour) => neighbour.entry_version_id));
      for (const slot of conceptScan(scope, profile, conceptWeights, limits.byConcepts)) {
        const neighbour = neighbourAt(scope, slot, profile.mean);
        if (!seen.has(neighbour.entry_version_id)) neighbours.push(neighbour);
      }
    }
    return { neighbours, conceptWeights };
  }

  async #scopeForRecall(scopeId: string): Promise<ScopeRows | undefined> {
    const refreshed = this.refresh(scopeId);
    // A refresh that fails after this recall went on without it must not become an unhandled rejection.
    refreshed.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), REFRESH_WAIT_MS);
    });
    return (await Promise.race([refreshed, late]).finally(() => clearTimeout(timer))) ?? this.#scopes.get(scopeId);
  }

  /** `nearest` by an exact scan of every entry (the reference the two-pass scan of a large scope is checked against). */
  async nearestExactly(scopeId: string, query: Float32Array, limit: number): Promise<VectorNeighbour[]> {
    return scan(await this.refresh(scopeId), query, limit, true);
  }

  /**
   * The signature and mean similarity of each of `versionIds` that is the current version of an indexed entry, as of
   * the index's last refresh of the scope (call `nearest` first).
   */
  lookup(scopeId: string, versionIds: readonly string[], query: Float32Array): Map<string, VectorNeighbour> {
    const scope = this.#scopes.get(scopeId);
    const found = new Map<string, VectorNeighbour>();
    if (!scope) return found;
    for (const versionId of versionIds) {
      const slot = scope.slotOfVersion(versionId);
      if (slot === undefined) continue;
      found.set(versionId, neighbourAt(scope, slot, query));
    }
    return found;
  }

  /**
   * Drops what the index holds of the scope, so that its next refresh reads it afresh: after a purge, which deletes
   * rows without writing a revision (a refresh reads only the heads changed since the revision it last saw).
   */
  forget(scopeId: string): void {
    this.#scopes.delete(scopeId);
  }

  /** Brings the scope's rows up to the store's head, computing and storing the signatures the store lacks. */
  refresh(scopeId: string): Promise<ScopeRows> {
    const running = this.#refreshing.get(scopeId);
    if (running) return running;
    const work = this.#refresh(scopeId).finally(() => this.#refreshing.delete(scopeId));
    this.#refreshing.set(scopeId, work);
    return work;
  }

  /** Computes and stores every missing signature of every scope; reports each scope done. Returns the scope count. */
  async backfill(progress: (done: { scope_id: string; entries: number; computed: number }) => void): Promise<number> {
    const scopes = await this.store.scopesMissingVectors(this.signer.model);
    for (const scopeId of scopes) {
      const before = this.#computed;
      const rows = await this.refresh(scopeId);
      progress({ scope_id: scopeId, entries: rows.size, computed: this.#computed - before });
    }
    return scopes.length;
  }

  async #refresh(scopeId: string): Promise<ScopeRows> {
    // A scope loaded for the first time is built on the side and published when complete.
    const known = this.#scopes.get(scopeId);
    const since = known?.revision ?? 0;
    const scope = known ?? new ScopeRows(this.signer.dimensions);
    // The revision of the first page: whatever changes while later pages are read is read again next time.
    let revision: number | null = null;
    for (let afterKey = 0; ; ) {
      const page = await this.store.readVectorHeads(scopeId, this.signer.model, since, {
        after_key: afterKey,
        limit: HEADS_PER_PAGE,
      });
      revision ??= page.revision;
      if (page.revision < since) {
        // The store went back (a restored backup): start over.
        this.#scopes.delete(scopeId);
        return this.#refresh(scopeId);
      }
      await this.#apply(scopeId, scope, page.heads);
      const last = page.heads.at(-1);
      if (last === undefined || page.heads.length < HEADS_PER_PAGE) break;
      afterKey = last.key;
    }
    scope.revision = revision ?? since;
    this.#scopes.set(scopeId, scope);
    return scope;
  }

  /** Applies one page of heads, computing and storing the signatures the store lacks, a batch at a time. */
  async #apply(scopeId: string, scope: ScopeRows, heads: readonly VectorHead[]): Promise<void> {
    const missing: VectorHead[] = [];
    for (const head of heads) {
      if (!head.active) scope.remove(head.key);
      else if (head.vector === null) missing.push(head);
      // Bytes of another layout (never written under this model's name) index nothing.
      else if (!scope.upsertStored(head.key, head.entry_version_id, head.vector)) scope.remove(head.key);
    }
    const { batchSize } = this.signer;
    for (let at = 0; at < missing.length; at += batchSize) {
      const batch = missing.slice(at, at + batchSize);
      const signatures = await this.signer.sign(
        batch.map((head) => ({ kind: head.kind ?? "", text: head.text ?? "" })),
      );
      const computed: EntryVectorWrite[] = [];
      for (const [i, head] of batch.entries()) {
        const signature = signatures[i] ?? null;
        if (signature === null) {
          scope.remove(head.key);
          continue;
        }
        scope.upsert(head.key, head.entry_version_id, signature);
        computed.push({
          scope_id: scopeId,
          entry_version_id: head.entry_version_id,
          vector: encodeSignature(signature),
        });
      }
      if (computed.length === 0) continue;
      this.#computed += computed.length;
      await this.store.putEntryVectors(this.signer.model, computed);
      // Let other requests run between batches: a backfill of many entries must not stall the Server.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function neighbourAt(scope: ScopeRows, slot: number, query: Float32Array): VectorNeighbour {
  return {
    entry_version_id: scope.versionIdAt(slot),
    similarity: scope.similarityAt(slot, query),
    terms: scope.termsAt(slot),
  };
}

/** Leading components compared in the first pass of a large scan; the vectors are on their principal axes. */
export const PREFIX_DIMENSIONS = 32;
/** Entries kept by the first pass, per entry asked for (and at least MIN_SHORTLIST), for the exact second pass. */
const SHORTLIST_PER_RESULT = 5;
const MIN_SHORTLIST = 1000;

/**
 * The top-`limit` entries by mean-direction cosine similarity. A scope small enough is scanned exactly; a larger one
 * first by the leading PREFIX_DIMENSIONS components (which carry most of each vector, see build-table.ts), then
 * exactly over the best shortlist of that pass.
 */
function scan(scope: ScopeRows, query: Float32Array, limit: number, exact = false): VectorNeighbour[] {
  const slots = scope.slots;
  const shortlist = Math.max(MIN_SHORTLIST, limit * SHORTLIST_PER_RESULT);
  const candidates = exact || slots <= shortlist * 2 ? allSlots(scope) : prefixShortlist(scope, query, shortlist);
  const best = new TopSlots(limit);
  for (const slot of candidates) best.offer(slot, scope.similarityAt(slot, query), 0);
  return best.take().map((slot) => neighbourAt(scope, slot, query));
}

function allSlots(scope: ScopeRows): number[] {
  const slots: number[] = [];
  for (let slot = 0; slot < scope.slots; slot += 1) if (scope.norms[slot] !== 0) slots.push(slot);
  return slots;
}

/** The `size` slots whose leading components are most similar to the query's (ties at the cut all kept). */
function prefixShortlist(scope: ScopeRows, query: Float32Array, size: number): number[] {
  const d = scope.dimensions;
  const { means, norms } = scope;
  const slots = scope.slots;
  const { weights: partial, spare } = scope.scratch(slots);
  let count = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    const norm = norms[slot] as number;
    if (norm === 0) continue;
    const base = slot * d;
    let a = 0;
    let b = 0;
    let c = 0;
    let e = 0;
    for (let i = 0; i < PREFIX_DIMENSIONS; i += 4) {
      // Four sums rather than one: independent additions run in parallel, about a third faster here.
      a += (query[i] as number) * (means[base + i] as number);
      b += (query[i + 1] as number) * (means[base + i + 1] as number);
      c += (query[i + 2] as number) * (means[base + i + 2] as number);
      e += (query[i + 3] as number) * (means[base + i + 3] as number);
    }
    partial[slot] = (a + b + c + e) / norm;
    // Compared as stored (single precision), as the cut below is.
    spare[count] = partial[slot] as number;
    count += 1;
  }
  // The cut is the `size`-th largest partial score, by quickselect over a copy: a bounded heap of the best `size`
  // took about a fifth of the scan's time at 10,000 entries. Fewer entries than `size` are all kept.
  const cut = count > size ? kthLargest(spare.subarray(0, count), size) : Number.NEGATIVE_INFINITY;
  const kept: number[] = [];
  for (let slot = 0; slot < slots; slot += 1)
    if ((partial[slot] as number) >= cut && norms[slot] !== 0) kept.push(slot);
  return kept;
}
