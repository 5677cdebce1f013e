import { KEYED_RULES, TOKEN_RULES } from "./rules.ts";

/** Every family name the detector can report: stable kebab-case identifiers, sorted. */
export const SECRET_FAMILIES: readonly string[] = [
  ...new Set([
    ...TOKEN_RULES.map((rule) => rule.family),
    ...KEYED_RULES.map((rule) => rule.family),
    "private-key",
    "url-credentials",
    "sentry-dsn",
    "credential-assignment",
    "bearer-token",
    "basic-auth",
    "high-entropy-token",
    "kubernetes-secret",
    "cli-credentials",
    "facebook-app-token",
  ]),
].sort();
