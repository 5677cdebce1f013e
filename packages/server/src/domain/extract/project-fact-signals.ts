// Shapes of project facts that the general fact patterns of rule-signals.ts miss: who owns or is on call for a
// part of the project, what it runs on or is built as, where it reads its settings and jobs from, where its secrets
// are kept, and migrations already done ("bundling moved to esbuild"). Each shape needs a named thing after its verb
// (a capitalized name, a version, an environment variable, a path or a team), so the same verbs in passing talk
// ("it moved to the left", "reads from the top") stay chatter. Patterns on `text` see the statement as written,
// because a capital letter is the clue that a tool or product is named.

/** The named thing a fact points at: a product ("Vault"), a version ("3.2"), an ENV_VAR, a path or a dotfile. */
const NAMED = String.raw`(?:[A-Z][\w.+-]*|\d[\w.+-]*|[\w-]*[./][\w./-]+)`;

const PROJECT_FACTS: ReadonlyArray<readonly [pattern: RegExp, confidence: number]> = [
  // Ownership and rotations: "is owned by the payments team", "the platform team owns the gateway", "Dana is on call".
  [
    /\b(is|are) (owned|maintained|run) by\b|\b(team|squad|group|guild) (owns|maintains)\b|\bbelongs? to the \w+ team\b/,
    0.75,
  ],
  [/\b(is|are) on[- ]call\b|\bon[- ]call (is|rotation is)\b|\b(pager|rotation) is with\b/, 0.75],
  // Runtime and identity: "runs on Ruby 3.2", "is pinned to Node 22", "is a Fastify app", "is written in Go".
  [
    new RegExp(
      String.raw`\b(runs on|is pinned to|are pinned to|targets|is written in|is built (with|on)|is backed by|is powered by|is hosted on)\s+${NAMED}`,
    ),
    0.75,
  ],
  [
    /\b(is|are) an? [A-Z][\w.+-]* (app|application|service|project|monorepo|api|library|site|server|worker|package|cli|codebase)\b/,
    0.75,
  ],
  // Inputs and outputs: "reads its connection string from LEDGER_DB_URL", "consumes jobs from SQS".
  [new RegExp(String.raw`\b(reads|loads|takes|gets|pulls|fetches)\b[^.;]{0,60}\bfrom\s+(the\s+)?${NAMED}`), 0.7],
  [
    new RegExp(
      String.raw`\b(consumes|publishes|produces|emits|enqueues|subscribes|listens)\b[^.;]{0,40}\b(from|to|on)\s+(the\s+)?${NAMED}`,
    ),
    0.7,
  ],
  // Where something is kept, when a named system keeps it: "secrets live in Vault".
  [/\b(live|reside|are kept|are stored)\s+in\s+[A-Z][\w.+-]*/, 0.7],
  // Where secrets are kept is a fact whatever the store's spelling: secret tools are often lowercase ("sops", "pass").
  [/\b(secrets|credentials|api keys|tokens|passwords)\s+(live|reside|are kept|are stored)\s+in\s+\S/i, 0.7],
];

/** A project fact stated in one of the shapes above (0 when none); the caller has vetoed pronoun and past subjects. */
export function projectFactSignal(text: string): number {
  for (const [pattern, confidence] of PROJECT_FACTS) if (pattern.test(text)) return confidence;
  return 0;
}

/**
 * "X moved to Y", "we switched over to esbuild": a migration already done is a decision that stands. Tool names are
 * often lowercase, so any word may follow except the ones that make it a place or a plan ("moved to the next step").
 */
const MIGRATION =
  /\b(moved|switched|migrated)( over)? to (?!(the|a|an|my|our|your|this|that|these|those|it|its|their|his|her|another|other|some|new|next|prod|production|staging|main|master|done|review|backlog|slack|email)\b)[\w@.+-]{2,}/i;

export function migrationSignal(text: string): number {
  return MIGRATION.test(text) ? 0.75 : 0;
}
