// The JSON body parser. It parses as Fastify's own does (secure-json-parse, refusing `__proto__` and `constructor`
// poisoning) and also remembers which whole numbers were written with a fraction or an exponent (`29.0`, `1e3`):
// JSON.parse turns them into the integers 29 and 1000, but the contract's integer fields are strict and refuse them,
// as upstream does. strict-integers.ts compares what is remembered here with each operation's schema. A body nested
// past MAX_JSON_DEPTH is refused before parsing, so nothing downstream can run out of stack.
import type { FastifyRequest } from "fastify";
import { errorCodes } from "fastify";
import secureJson from "secure-json-parse";
import { MAX_JSON_DEPTH, nestingTooDeep, nestsDeeperThan } from "./json-depth.ts";

/** Per parsed object or array: the keys whose value is a whole number spelled with a fraction or an exponent. */
const floatSpelledKeys = new WeakMap<object, Set<string>>();

/** A number token with a fraction or an exponent, such as `29.0`, `0.0` or `1e3`. */
const FRACTION_OR_EXPONENT = /[.eE]/;

/** Whether `holder[key]` was a whole number spelled with a fraction or an exponent in the parsed text. */
export function isFloatSpelled(holder: object, key: string): boolean {
  return floatSpelledKeys.get(holder)?.has(key) ?? false;
}

// JSON.parse hands a reviver each value's source text (Node ≥ 21); the holder is `this`.
function rememberFloatSpelling(this: object, key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === "number" && Number.isInteger(value) && FRACTION_OR_EXPONENT.test(context?.source ?? "")) {
    const keys = floatSpelledKeys.get(this) ?? new Set<string>();
    keys.add(key);
    floatSpelledKeys.set(this, keys);
  }
  return value;
}

/** A content-type parser (`parseAs: "string"`) with the same errors as Fastify's default JSON parser. */
export function parseJsonBody(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  if (body.length === 0) {
    done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    return;
  }
  if (nestsDeeperThan(body.toString(), MAX_JSON_DEPTH)) {
    done(nestingTooDeep(), undefined);
    return;
  }
  try {
    done(null, secureJson.parse(body, rememberFloatSpelling, { protoAction: "error", constructorAction: "error" }));
  } catch {
    done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
  }
}
