// Credentials on command lines (`curl -u user:pass`, `mysql -pX`, `sshpass -p X`, `docker login -p X`) and Facebook
// app tokens (`<app id>|<secret>`). Each is found by a fast search for its flag (or `|`), then patterns on that one
// line, so the common characters these forms start with (spaces, digits) cost nothing elsewhere.
import { isMaskedToken, isPlaceholder } from "./placeholder.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";
import { looksGenerated } from "./value-shape.ts";

interface LinePattern {
  /** Global, with indices: capture group 1 is the secret. */
  pattern: RegExp;
  validate: (secret: string) => boolean;
}

const MAX_LINE = 2000;

function literal(secret: string): boolean {
  return !isPlaceholder(secret) && !isMaskedToken(secret) && !secret.startsWith("$");
}

const HTTP_CLIENT: readonly LinePattern[] = [
  { pattern: /(?:^|\s)(?:-u|--user)[ =]?["']?[^\s:"'@]{0,64}:([^\s"']{1,256})/dg, validate: literal },
  {
    pattern: /(?:^|\s)(?:-u|--user)[ =]["']?([A-Za-z0-9_-]{16,128}):(?=["'\s]|$)/dg,
    validate: (secret) => literal(secret) && looksGenerated(secret),
  },
];
const MYSQL: readonly LinePattern[] = [{ pattern: /\s-p(?!-)([^\s"']{1,128})/dg, validate: literal }];
const SSHPASS: readonly LinePattern[] = [
  { pattern: /sshpass[ \t]+-p[ \t]*["']?([^\s"']{1,128})/dg, validate: literal },
];
const REGISTRY_LOGIN: readonly LinePattern[] = [
  {
    pattern: /(?:docker|podman|nerdctl|helm registry) login\b[^\n]{0,200}? -p[ =]["']?([^\s"']{1,256})/dg,
    validate: literal,
  },
];

/** Which patterns apply on a line, by the program named on it. */
const PROGRAMS: readonly [RegExp, readonly LinePattern[]][] = [
  [/\b(?:curl|wget)\b/, HTTP_CLIENT],
  [/\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/, MYSQL],
  [/\bsshpass\b/, SSHPASS],
  [/\blogin\b/, REGISTRY_LOGIN],
];
/** Every form above passes a `-u…` or `-p…` flag: one fast search for those, then only their lines are read. */
const FLAG = /-[up]/g;

function lineAround(text: string, at: number): { start: number; end: number } {
  const before = text.lastIndexOf("\n", at);
  const after = text.indexOf("\n", at);
  const start = Math.max(before + 1, at - MAX_LINE);
  return { start, end: Math.min(after === -1 ? text.length : after, at + MAX_LINE) };
}

function lineSpans(line: string, start: number, spans: Span[]): void {
  for (const [program, patterns] of PROGRAMS) {
    if (!program.test(line)) continue;
    for (const { pattern, validate } of patterns) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
        const [from, to] = match.indices?.[1] ?? [0, 0];
        if (to > from && validate(line.slice(from, to))) {
          spans.push({
            family: "cli-credentials",
            start: start + from,
            end: start + to,
            specificity: SPECIFICITY.generic,
          });
        }
      }
    }
  }
}

function commandSpans(text: string, spans: Span[]): void {
  let lineEnd = -1;
  FLAG.lastIndex = 0;
  for (let flag = FLAG.exec(text); flag !== null; flag = FLAG.exec(text)) {
    if (flag.index < lineEnd) continue;
    const { start, end } = lineAround(text, flag.index);
    lineEnd = end;
    lineSpans(text.slice(start, end), start, spans);
  }
}

const APP_SECRET = /[a-f0-9]{32}(?![A-Za-z0-9_-])|[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])/y;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `<15–16 digit app id>|<32 hex app secret>` (or a 27-character client token): a Facebook app access token. */
function facebookAppSpans(text: string, spans: Span[]): void {
  for (let bar = text.indexOf("|"); bar !== -1; bar = text.indexOf("|", bar + 1)) {
    let digits = 0;
    while (digits < 17 && bar - digits - 1 >= 0 && isDigit(text.charCodeAt(bar - digits - 1))) digits += 1;
    if (digits < 15 || digits > 16) continue;
    APP_SECRET.lastIndex = bar + 1;
    const match = APP_SECRET.exec(text);
    if (match === null || isMaskedToken(match[0])) continue;
    spans.push({
      family: "facebook-app-token",
      start: bar + 1,
      end: bar + 1 + match[0].length,
      specificity: SPECIFICITY.provider,
    });
  }
}

/** Every command-line credential and Facebook app token in `text`. Linear: each line with a flag is read once. */
export function findCommandLineSecrets(text: string): Span[] {
  const spans: Span[] = [];
  commandSpans(text, spans);
  facebookAppSpans(text, spans);
  return spans;
}
