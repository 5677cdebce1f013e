// Refuses request bodies nested absurdly deep before they are parsed. Every later step (schema validation, the secret
// scan, canonical hashing, storage) walks the parsed value; a bound on depth keeps each of them within the stack.
import { PowerContextError } from "../errors.ts";

/** The deepest nesting of objects and arrays a request body may have; the contract's own bodies need about 8. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125; // }
const CLOSE_ARRAY = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

/**
 * True when the JSON text nests objects and arrays deeper than `limit`. One pass over the characters, brackets inside
 * strings ignored; it stops as soon as the limit is passed, and never recurses. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/** The 422 for a body nested past the limit: the contract's `invalid_request`, its one error item naming the limit. */
export function nestingTooDeep(limit: number = MAX_JSON_DEPTH): PowerContextError {
  const message = `The request nests objects and arrays deeper than ${limit} levels.`;
  return new PowerContextError("invalid_request", message, {
    details: { errors: [{ type: "nesting_too_deep", loc: ["body"], msg: message, ctx: { limit } }] },
  });
}
