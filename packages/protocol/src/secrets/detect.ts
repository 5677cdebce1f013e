// The detector: one anchor pass dispatching to provider rules, private-key blocks and URL credentials, one pass over
// credential words, then merging and byte offsets.
import { createAnchorScanner } from "./anchors.ts";
import { findAssignments } from "./assignments.ts";
import { findCommandLineSecrets } from "./command-lines.ts";
import { findKubernetesSecretValues } from "./kubernetes-secret.ts";
import { findLegacyVaultTokens } from "./legacy-vault.ts";
import { mergeSpans } from "./merge.ts";
import { toByteFindings } from "./offsets.ts";
import { isMaskedToken } from "./placeholder.ts";
import { findPrivateKey, PRIVATE_KEY_ANCHOR } from "./private-key.ts";
import type { EndMarkerMemo } from "./private-key.ts";
import { TOKEN_RULES } from "./rules.ts";
import type { Redaction, SecretFinding, Span, TokenRule } from "./types.ts";
import { findUrlCredentials, URL_ANCHOR } from "./url-credentials.ts";

type Finder = { kind: "rule"; rule: TokenRule } | { kind: "private-key" } | { kind: "url" };

const ANCHORS: string[] = [];
const FINDERS: Finder[] = [];
for (const rule of TOKEN_RULES) {
  for (const anchor of rule.anchors) {
    ANCHORS.push(anchor);
    FINDERS.push({ kind: "rule", rule });
  }
}
ANCHORS.push(PRIVATE_KEY_ANCHOR, URL_ANCHOR);
FINDERS.push({ kind: "private-key" }, { kind: "url" });
const scanAnchors = createAnchorScanner(ANCHORS);

function findToken(text: string, rule: TokenRule, anchorStart: number): Span | null {
  for (let at = Math.max(0, anchorStart - rule.back); at <= anchorStart; at += 1) {
    rule.pattern.lastIndex = at;
    const match = rule.pattern.exec(text);
    if (match === null) continue;
    const [start, end] = rule.group ? (match.indices?.[1] ?? [0, 0]) : [match.index, match.index + match[0].length];
    const secret = text.slice(start, end);
    if (secret.length === 0 || (rule.masks && isMaskedToken(secret))) return null;
    if (rule.validate !== undefined && !rule.validate(secret, text, start)) return null;
    return { family: rule.family, start, end, specificity: rule.specificity };
  }
  return null;
}

function finderName(finder: Finder): string {
  return finder.kind === "rule" ? finder.rule.family : finder.kind;
}

function findSpans(text: string): Span[] {
  const spans: Span[] = [];
  const reached = new Map<string, number>();
  const memo: EndMarkerMemo = new Map();
  for (const hit of scanAnchors(text)) {
    const finder = FINDERS[hit.anchor];
    if (finder === undefined) continue;
    const name = finderName(finder);
    if (hit.start < (reached.get(name) ?? 0)) continue;
    let span: Span | null;
    switch (finder.kind) {
      case "rule":
        span = findToken(text, finder.rule, hit.start);
        break;
      case "private-key":
        span = findPrivateKey(text, hit.start, memo);
        break;
      case "url":
        span = findUrlCredentials(text, hit.start);
        break;
      default: {
        const unreachable: never = finder;
        span = unreachable;
      }
    }
    if (span === null) continue;
    spans.push(span);
    reached.set(name, span.end);
  }
  for (const span of findAssignments(text)) spans.push(span);
  for (const span of findKubernetesSecretValues(text)) spans.push(span);
  for (const span of findCommandLineSecrets(text)) spans.push(span);
  for (const span of findLegacyVaultTokens(text)) spans.push(span);
  return mergeSpans(spans);
}

/** Every secret in `text`: non-overlapping, sorted by start, with UTF-8 byte offsets. Linear time; never throws on a string. */
export function detectSecrets(text: string): SecretFinding[] {
  return toByteFindings(text, findSpans(text));
}

export function containsSecret(text: string): boolean {
  return findSpans(text).length > 0;
}

/** Replaces each secret with `[REDACTED:<family>]`. `families` is sorted and without duplicates. */
export function redactSecrets(text: string): Redaction {
  const spans = findSpans(text);
  if (spans.length === 0) return { text, redactions: 0, families: [] };
  let out = "";
  let from = 0;
  for (const span of spans) {
    out += `${text.slice(from, span.start)}[REDACTED:${span.family}]`;
    from = span.end;
  }
  out += text.slice(from);
  const families = [...new Set(spans.map((span) => span.family))].sort();
  return { text: out, redactions: spans.length, families };
}
