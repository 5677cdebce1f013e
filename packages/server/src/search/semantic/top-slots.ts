// The best few of the many entries a scan meets, without an object per entry or a sort of them all: a bounded heap of
// slots in typed arrays, ordered as the scans rank (a first score, then a second, both larger first, then the lower
// slot). The result is exactly the first `limit` of sorting every offered entry by that order.

export class TopSlots {
  readonly #limit: number;
  readonly #slots: Uint32Array;
  readonly #first: Float64Array;
  readonly #second: Float64Array;
  /** Entries held; the heap's root (index 0) is the worst of them, the first to go when a better one comes. */
  #size = 0;

  constructor(limit: number) {
    this.#limit = Math.max(0, limit);
    this.#slots = new Uint32Array(this.#limit);
    this.#first = new Float64Array(this.#limit);
    this.#second = new Float64Array(this.#limit);
  }

  /** Whether an entry scored `first` could still be kept (so that its second score is worth computing). */
  admits(first: number): boolean {
    return first >= this.floor();
  }

  /** The first score of the worst entry held once `limit` are held (the `limit`-th largest offered); -∞ before. */
  floor(): number {
    return this.#size < this.#limit || this.#limit === 0 ? Number.NEGATIVE_INFINITY : (this.#first[0] as number);
  }

  offer(slot: number, first: number, second: number): void {
    if (this.#size < this.#limit) {
      this.#put(this.#size, slot, first, second);
      this.#size += 1;
      this.#siftUp(this.#size - 1);
    } else if (this.#limit > 0 && this.#ranksBefore(slot, first, second, 0)) {
      this.#put(0, slot, first, second);
      this.#siftDown(0);
    }
  }

  /** The slots held, best first. */
  take(): number[] {
    const order = Array.from({ length: this.#size }, (_, i) => i);
    order.sort((a, b) => (this.#before(a, b) ? -1 : 1));
    return order.map((i) => this.#slots[i] as number);
  }

  /** Whether the entry (slot, first, second) ranks before the one held at `i`. */
  #ranksBefore(slot: number, first: number, second: number, i: number): boolean {
    const heldFirst = this.#first[i] as number;
    if (first !== heldFirst) return first > heldFirst;
    const heldSecond = this.#second[i] as number;
    if (second !== heldSecond) return second > heldSecond;
    return slot < (this.#slots[i] as number);
  }

  #before(i: number, j: number): boolean {
    return this.#ranksBefore(this.#slots[i] as number, this.#first[i] as number, this.#second[i] as number, j);
  }

  #put(i: number, slot: number, first: number, second: number): void {
    this.#slots[i] = slot;
    this.#first[i] = first;
    this.#second[i] = second;
  }

  #swap(i: number, j: number): void {
    const slot = this.#slots[i] as number;
    const first = this.#first[i] as number;
    const second = this.#second[i] as number;
    this.#put(i, this.#slots[j] as number, this.#first[j] as number, this.#second[j] as number);
    this.#put(j, slot, first, second);
  }

  /** The worst entry rises to the root: a parent ranks after its children. */
  #siftUp(i: number): void {
    for (let child = i; child > 0; ) {
      const parent = (child - 1) >> 1;
      if (!this.#before(parent, child)) return;
      this.#swap(parent, child);
      child = parent;
    }
  }

  #siftDown(i: number): void {
    for (let parent = i; ; ) {
      const left = 2 * parent + 1;
      if (left >= this.#size) return;
      const right = left + 1;
      const worse = right < this.#size && this.#before(left, right) ? right : left;
      if (!this.#before(parent, worse)) return;
      this.#swap(parent, worse);
      parent = worse;
    }
  }
}
