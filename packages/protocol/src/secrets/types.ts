/** One detected secret. Offsets are UTF-8 byte offsets into the scanned text; the secret itself is never carried. */
export interface SecretFinding {
  family: string;
  start: number;
  end: number;
}

/** A detection in UTF-16 code units, before merging and before conversion to byte offsets. */
export interface Span {
  family: string;
  start: number;
  end: number;
  /** Higher wins when spans overlap: a provider format beats a generic assignment, which beats entropy. */
  specificity: number;
}

/** A provider token format, found by literal anchors and confirmed by a sticky pattern. */
export interface TokenRule {
  readonly family: string;
  /** Case-sensitive literals; the pattern is tried only where one of them occurs. */
  readonly anchors: readonly string[];
  /** Sticky (`y`) pattern tried at the anchor's start, or at each of the `back` positions before it. */
  readonly pattern: RegExp;
  /** How many code units before the anchor the token may start (for anchors inside a token). */
  readonly back: number;
  /** When true, capture group 1 is the secret and the rest of the match stays visible. */
  readonly group: boolean;
  readonly specificity: number;
  /** When true, a token that is a documentation mask (`ghp_xxxx…`, `…EXAMPLE`) is not reported. */
  readonly masks: boolean;
  /** Extra check on the secret text; `text` and `start` give its surroundings. */
  readonly validate?: (secret: string, text: string, start: number) => boolean;
}

/** A provider credential recognised by the name of the key it is assigned to (`DD_API_KEY=<32 hex>`). */
export interface KeyedRule {
  readonly family: string;
  /** Tested on the key name lowercased with separators removed (`dd_api_key` → `ddapikey`). */
  readonly key: RegExp;
  readonly value: RegExp;
}

export interface Redaction {
  text: string;
  redactions: number;
  families: string[];
}

/** Specificity levels shared by every finder. */
export const SPECIFICITY = {
  entropy: 1,
  generic: 2,
  provider: 3,
  container: 4,
} as const;
