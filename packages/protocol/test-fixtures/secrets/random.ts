// Seeded pseudo-random strings for the synthetic secret corpora. Deterministic: same seed, same corpus.

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const HEX = "0123456789abcdef";
export const ALNUM = UPPER + LOWER + DIGITS;
export const BASE64 = ALNUM + "+/";
export const BASE64URL = ALNUM + "-_";

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chars(alphabet: string, length: number): string;
  hex(length: number): string;
  alnum(length: number): string;
  base64(bytes: number): string;
  base64url(bytes: number): string;
  uuid(): string;
}

/** mulberry32: a small, well-distributed 32-bit PRNG. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const chars = (alphabet: string, length: number): string => {
    let out = "";
    for (let index = 0; index < length; index += 1) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  const bytes = (count: number): Buffer => Buffer.from(Array.from({ length: count }, () => Math.floor(next() * 256)));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chars,
    hex: (length) => chars(HEX, length),
    alnum: (length) => chars(ALNUM, length),
    base64: (count) => bytes(count).toString("base64"),
    base64url: (count) => bytes(count).toString("base64url"),
    uuid: () =>
      `${chars(HEX, 8)}-${chars(HEX, 4)}-4${chars(HEX, 3)}-${chars("89ab", 1)}${chars(HEX, 3)}-${chars(HEX, 12)}`,
  };
}

/** Base64 text wrapped at 64 columns, as in PEM bodies. */
export function wrap64(text: string): string {
  return text.match(/.{1,64}/g)?.join("\n") ?? "";
}
