// How a provider token rule is written: literal anchors, a sticky pattern tried at each anchor, and options.
import { isMaskedToken } from "./placeholder.ts";
import { SPECIFICITY } from "./types.ts";
import type { TokenRule } from "./types.ts";

/** Not preceded by a token character, except after a JSON/C escape such as `\n`. */
export const B = String.raw`(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))`;
/** Not followed by a token character. */
export const E = String.raw`(?![A-Za-z0-9_-])`;

export interface RuleOptions {
  back?: number;
  group?: boolean;
  specificity?: number;
  validate?: TokenRule["validate"];
  masks?: boolean;
}

export function rule(family: string, anchors: readonly string[], source: string, options: RuleOptions = {}): TokenRule {
  const { back = 0, group = false, specificity = SPECIFICITY.provider, validate, masks = true } = options;
  const flags = group ? "yd" : "y";
  return { family, anchors, pattern: new RegExp(source, flags), back, group, specificity, masks, validate };
}

function escapeLiteral(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * A token that starts with one of `prefixes` and continues with `body` (a regex source for the provider's alphabet and
 * length), standing alone as a word. Mask-checked like every provider rule.
 */
export function prefixed(
  family: string,
  prefixes: readonly string[],
  body: string,
  options: RuleOptions = {},
): TokenRule {
  const alternatives = prefixes.map(escapeLiteral).join("|");
  return rule(family, prefixes, `${B}(?:${alternatives})${body}${E}`, options);
}

const DIGIT = /[0-9]/;
const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;

/** For prefixes that also begin ordinary words (`LTAI…`, `EAA…`): the body must mix at least two character classes. */
export function mixedClasses(secret: string): boolean {
  const classes = Number(DIGIT.test(secret)) + Number(LOWER.test(secret)) + Number(UPPER.test(secret));
  return classes >= 2 && !isMaskedToken(secret);
}
