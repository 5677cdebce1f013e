// Deterministic synthetic coding-project memories for benchmarks.
const SUBJECTS = [
  "billing service",
  "auth gateway",
  "export job",
  "CI pipeline",
  "web client",
  "search indexer",
  "payment worker",
  "admin dashboard",
  "mobile app",
  "data warehouse",
  "notification queue",
  "feature flags",
  "logging stack",
  "cache layer",
  "API gateway",
];
const TOOLS = [
  "PostgreSQL 16",
  "SQLite",
  "Redis",
  "pnpm",
  "Vitest",
  "Playwright",
  "Terraform",
  "Docker",
  "Kafka",
  "gRPC",
  "OpenTelemetry",
  "esbuild",
  "Prettier",
  "Biome",
  "Fastify",
];
const VERBS = [
  "must use",
  "never uses",
  "always runs",
  "is migrating to",
  "prefers",
  "pins",
  "replaced",
  "deploys with",
  "tests with",
  "caches through",
];
const DETAILS = [
  "in staging",
  "before every release",
  "for local development",
  "on pull requests",
  "during the nightly build",
  "behind a feature flag",
  "for compliance",
  "to cut latency",
  "after the outage",
  "per ADR-",
];

export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shuffles `items` in place (Fisher–Yates), drawing from `next`. */
export function shuffle<T>(next: () => number, items: T[]): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

/** A shuffled copy of `items`. */
export function shuffled<T>(next: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  shuffle(next, copy);
  return copy;
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

export function memoryText(next: () => number, i: number): string {
  return `The ${pick(next, SUBJECTS)} ${pick(next, VERBS)} ${pick(next, TOOLS)} ${pick(next, DETAILS)}${i} (note ${i}).`;
}

export function queryText(next: () => number): string {
  return `How does the ${pick(next, SUBJECTS)} use ${pick(next, TOOLS)}?`;
}
