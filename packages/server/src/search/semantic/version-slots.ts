// The entry version id of each slot of a scope's index, and the slot of each id, without a string or a Map entry per
// entry: every id the Server makes is ENTRY_VERSION_ID_PREFIX and 32 hex digits, kept here as its 16 bytes, and found
// through an open-addressing table of slots. At 100,000 entries that is ≈ 2.7 MB instead of ≈ 10 MB of strings and
// Map (docs/benchmarks.md, "Server memory: compiled sources, optimized for size"). An id of another shape (an import
// from elsewhere) is kept as it is, beside.
import { ENTRY_VERSION_ID_PREFIX } from "../../domain/memory/new-entry.ts";

const ID_BYTES = 16;
const ID_LENGTH = ENTRY_VERSION_ID_PREFIX.length + ID_BYTES * 2;
/** A table cell: 0 empty, DELETED once held a slot, otherwise slot + 1. */
const DELETED = -1;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** The value of hex digit `code` (a char code), or -1. Lower case only, as the Server writes them. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

export class VersionSlots {
  #bytes: Uint8Array;
  /** Per slot, 1 when it holds an id (packed or irregular). */
  #held: Uint8Array;
  readonly #irregular = new Map<number, string>();
  readonly #irregularSlot = new Map<string, number>();
  #table = new Int32Array(16);
  /** Cells not empty (held or deleted): the table grows past half full. */
  #filled = 0;
  readonly #scratch = new Uint8Array(ID_BYTES);

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity * ID_BYTES);
    this.#held = new Uint8Array(capacity);
  }

  /** Room for `capacity` slots. */
  grow(capacity: number): void {
    const bytes = new Uint8Array(capacity * ID_BYTES);
    bytes.set(this.#bytes);
    this.#bytes = bytes;
    const held = new Uint8Array(capacity);
    held.set(this.#held);
    this.#held = held;
  }

  /** The id in `slot`, or undefined when it holds none. */
  idAt(slot: number): string | undefined {
    if (this.#held[slot] !== 1) return undefined;
    const irregular = this.#irregular.get(slot);
    if (irregular !== undefined) return irregular;
    let id = ENTRY_VERSION_ID_PREFIX;
    for (let i = slot * ID_BYTES; i < (slot + 1) * ID_BYTES; i += 1) id += HEX[this.#bytes[i] as number];
    return id;
  }

  /** The slot holding `id`, or undefined. */
  slotOf(id: string): number | undefined {
    if (!this.#pack(id)) return this.#irregularSlot.get(id);
    const mask = this.#table.length - 1;
    for (let cell = this.#hash() & mask; ; cell = (cell + 1) & mask) {
      const value = this.#table[cell] as number;
      if (value === 0) return undefined;
      if (value !== DELETED && this.#matches(value - 1)) return value - 1;
    }
  }

  /** Puts `id` in `slot`, replacing what the slot held (call `delete` first for an id held in another slot). */
  set(slot: number, id: string): void {
    this.delete(slot);
    this.#held[slot] = 1;
    if (!this.#pack(id)) {
      this.#irregular.set(slot, id);
      this.#irregularSlot.set(id, slot);
      return;
    }
    this.#bytes.set(this.#scratch, slot * ID_BYTES);
    if ((this.#filled + 1) * 2 > this.#table.length) this.#rehash(this.#table.length * 2);
    this.#insert(slot);
  }

  /** Forgets the id in `slot`, if any. */
  delete(slot: number): void {
    if (this.#held[slot] !== 1) return;
    this.#held[slot] = 0;
    const irregular = this.#irregular.get(slot);
    if (irregular !== undefined) {
      this.#irregular.delete(slot);
      this.#irregularSlot.delete(irregular);
      return;
    }
    const mask = this.#table.length - 1;
    for (let cell = this.#hashAt(slot) & mask; ; cell = (cell + 1) & mask) {
      const value = this.#table[cell] as number;
      if (value === 0) return;
      if (value === slot + 1) {
        this.#table[cell] = DELETED;
        return;
      }
    }
  }

  /** Parses a Server-made id into the scratch bytes; false for an id of another shape. */
  #pack(id: string): boolean {
    if (id.length !== ID_LENGTH || !id.startsWith(ENTRY_VERSION_ID_PREFIX)) return false;
    const start = ENTRY_VERSION_ID_PREFIX.length;
    for (let i = 0; i < ID_BYTES; i += 1) {
      const high = hexValue(id.charCodeAt(start + i * 2));
      const low = hexValue(id.charCodeAt(start + i * 2 + 1));
      if (high < 0 || low < 0) return false;
      this.#scratch[i] = high * 16 + low;
    }
    return true;
  }

  #matches(slot: number): boolean {
    const base = slot * ID_BYTES;
    for (let i = 0; i < ID_BYTES; i += 1) if (this.#bytes[base + i] !== this.#scratch[i]) return false;
    return true;
  }

  /** The ids are random: their first four bytes are hash enough. */
  #hash(): number {
    const s = this.#scratch;
    return ((s[0] as number) | ((s[1] as number) << 8) | ((s[2] as number) << 16) | ((s[3] as number) << 24)) >>> 0;
  }

  #hashAt(slot: number): number {
    const b = this.#bytes;
    const base = slot * ID_BYTES;
    const word = (b[base] as number) | ((b[base + 1] as number) << 8) | ((b[base + 2] as number) << 16);
    return (word | ((b[base + 3] as number) << 24)) >>> 0;
  }

  #insert(slot: number): void {
    const mask = this.#table.length - 1;
    let cell = this.#hashAt(slot) & mask;
    while ((this.#table[cell] as number) > 0) cell = (cell + 1) & mask;
    if (this.#table[cell] === 0) this.#filled += 1;
    this.#table[cell] = slot + 1;
  }

  /** A fresh table of `size` cells (a power of two) holding every packed slot, without the deleted cells. */
  #rehash(size: number): void {
    let held = 0;
    for (const value of this.#table) if (value > 0) held += 1;
    // Mostly deleted cells: the same size, cleaned, is enough.
    const cells = (held + 1) * 4 <= this.#table.length ? this.#table.length : size;
    const old = this.#table;
    this.#table = new Int32Array(cells);
    this.#filled = 0;
    for (const value of old) if (value > 0) this.#insert(value - 1);
  }
}
