// Randomness checks for values found in credential-like positions. Never used to flag text on its own.

/** Shannon entropy of the code units of `text`, in bits per character (0 for the empty string). */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const TOKEN_CHARS = /^[A-Za-z0-9+/=_.~-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;
const INTEGRITY = /^(?:sha(?:1|256|384|512)[-:]|md5[-:])/i;

/** UUIDs, hex digests and `sha512-…`/`sha256:…` integrity strings: identifiers that look random but are not secrets. */
export function isDigestOrId(text: string): boolean {
  return UUID.test(text) || (HEX.test(text) && text.length >= 7) || INTEGRITY.test(text);
}

const UPPER_ONLY = /^[A-Z]+$/;
/** Has a vowel and no run of five consonants: `metadata`, `Strength`, not `Dvbcmyexnf`. */
const PRONOUNCEABLE = /^(?=.*[aeiouy])(?!.*[b-df-hj-np-tv-xz]{5})/i;
const CHUNK = /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+|[^A-Za-z0-9]+/g;

/**
 * True for a value made of words: `CreateOAuth2Token`, `x-aws-ec2-metadata-token`, `hunter2`. At least three quarters of
 * its letters sit in pronounceable words of 3+ letters or in acronyms, and digit runs are short; random tokens break
 * into short runs and unpronounceable clusters.
 */
export function isWordLike(value: string): boolean {
  let letters = 0;
  let inWords = 0;
  for (const [chunk] of value.matchAll(CHUNK)) {
    const code = chunk.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      if (chunk.length > 3) return false;
    } else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      letters += chunk.length;
      const acronym = UPPER_ONLY.test(chunk);
      if (
        (acronym && chunk.length >= 2 && chunk.length <= 5) ||
        (!acronym && chunk.length >= 3 && PRONOUNCEABLE.test(chunk))
      )
        inWords += chunk.length;
    } else if (chunk !== "-" && chunk !== "_" && chunk !== "." && chunk !== "/") {
      return false;
    }
  }
  return letters > 0 && inWords >= 0.75 * letters;
}

function charClass(code: number): number {
  if (code >= 97 && code <= 122) return 0;
  if (code >= 65 && code <= 90) return 1;
  if (code >= 48 && code <= 57) return 2;
  return 3;
}

/**
 * True for a long token that looks machine-generated: at least 20 token characters, letters and digits, not made
 * of words, frequent switches between character classes (words and camelCase identifiers switch
 * rarely) and high Shannon entropy. Digests and UUIDs are excluded.
 */
export function isRandomLooking(text: string): boolean {
  if (text.length < 20 || text.length > 1024 || !TOKEN_CHARS.test(text) || isDigestOrId(text) || isWordLike(text))
    return false;
  let letters = false;
  let digits = false;
  let switches = 0;
  let previous = -1;
  for (let index = 0; index < text.length; index += 1) {
    const kind = charClass(text.charCodeAt(index));
    if (kind === 2) digits = true;
    else if (kind !== 3) letters = true;
    if (previous !== -1 && kind !== previous) switches += 1;
    previous = kind;
  }
  if (!letters || !digits) return false;
  if (switches / (text.length - 1) < 0.3) return false;
  const floor = Math.min(4.2, 0.78 * Math.log2(text.length) + 0.25);
  return shannonEntropy(text) >= floor;
}
