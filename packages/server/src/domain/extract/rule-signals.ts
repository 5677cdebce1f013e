// Kind detection for the rules extractor: one table of patterns per kind, tried in priority order. Each pattern runs
// on one lowercased statement of at most 1,000 characters and has no nested quantifiers.
import { migrationSignal, projectFactSignal } from "./project-fact-signals.ts";
import type { RuleKind } from "./types.ts";

export interface Detected {
  kind: RuleKind;
  confidence: number;
}

type SignalFn = (view: string, text: string) => number;

/**
 * The first kind whose patterns match `view` (the lowercased statement without leading interjections), by priority:
 * decision, preference, prohibition, command, requirement, convention, fact. `text` is the statement as written.
 */
export function detectKind(view: string, text: string): Detected | null {
  for (const [kind, signal] of DETECTORS) {
    const confidence = signal(view, text);
    if (confidence > 0) return { kind, confidence };
  }
  return null;
}

/** One pattern and the confidence it earns; a matching veto pattern skips it and the search moves on. */
type Signal = readonly [pattern: RegExp, confidence: number, veto?: RegExp];

function firstSignal(signals: readonly Signal[], view: string): number {
  for (const [pattern, confidence, veto] of signals) {
    if (pattern.test(view) && (veto === undefined || !veto.test(view))) return confidence;
  }
  return 0;
}

const PRONOUN_SUBJECT =
  /^(i|it|this|that|these|those|there|here|he|she|they|which|what|who|something|everything|nothing)\b/;
const PAST_OR_SELF = /^(i|it|he|she|they|that|this)\b|\b(was|were|had|did|got)\b/;
/** A "should" about a pronoun or about later ("should probably be split up later") is a to-do, not a rule. */
const SOMEDAY = /^(it|this|that|these|those|there|which)\b|\b(later|eventually|at some point|someday|one day|todo)\b/;

// ---------- decision ----------

const DECISIONS: readonly Signal[] = [
  [
    /\b(we|team|the team|everyone|we all)( have| had|'ve)? (decided|agreed|settled on|opted|chose|chosen|picked|went with)\b/,
    0.9,
  ],
  [/\b(we're|we are) (going with|switching|migrating|moving|standardizing|standardising|sticking with)\b/, 0.85],
  [/\bthe decision (is|was) (to|that)\b/, 0.85],
  [/^(decided|agreed) (to|on|that)\b/, 0.85],
  [
    /\b(we'll|we will|we are going to|we're going to|we shall) (use|go with|adopt|switch to|migrate to|move to|stick with|standardize on|standardise on|keep using|drop|replace|deprecate)\b/,
    0.8,
  ],
  [/^let's (go with|stick with|standardize on|standardise on|settle on)\b/, 0.8],
  [/^i (decided|chose|picked|went with)\b/, 0.65],
  [/\b(chose|have chosen|has chosen|was chosen|were chosen)\b/, 0.75],
  [/^let's (use|switch to|adopt|move to|migrate to)\b/, 0.6],
];

// ---------- preference ----------

const PREFERENCES: readonly Signal[] = [
  [/^i (really |strongly |generally |usually |personally |always )?(prefer|favor|favour)\b/, 0.8],
  [/^my (preference|preferred)\b/, 0.8],
  [/^i('d| would) (rather|prefer)\b/, 0.7],
  [/^i( want|'d like| would like) (?!(you|u|to|it|this|that|them|him|her|us|me)\b)[^.]{1,200}\bto\b/, 0.65],
  [/^i (really )?(like|love|hate|dislike|can't stand)\b/, 0.6],
];
const PRONOUN_OBJECT = /^i (really )?(like|love|hate|dislike) (it|this|that|them|these|those|you)\b/;

function preferenceSignal(view: string): number {
  if (PRONOUN_OBJECT.test(view)) return 0;
  return firstSignal(PREFERENCES, view);
}

// ---------- constraint: prohibitions ----------

const NOT_A_RULE =
  /\b(don't|do not|can't|cannot|never) (worry|bother|know|think|see|understand|care|panic|hesitate|mind|need|have|remember|recall|find|reproduce|figure|get|seem|tell|believe|wait)\b/;
const PROHIBITIONS: readonly Signal[] = [
  [/^never\b/, 0.9],
  [/^(don't|do not|must not|mustn't)\b/, 0.85],
  [/\b(must not|mustn't|must never|shall not|should never|may never|can never|is never|are never|be never)\b/, 0.85],
  [/\b(is not|are not|isn't|aren't) (allowed|permitted)\b|\b(is|are) (forbidden|prohibited|banned|disallowed)\b/, 0.85],
  [/\b(we|you) (never|don't|do not|must not|should not|shouldn't|can't|cannot)\b/, 0.85],
  [/^(should not|shouldn't)\b/, 0.75],
  [/^avoid\b/, 0.7],
];

function prohibitionSignal(view: string): number {
  return NOT_A_RULE.test(view) ? 0 : firstSignal(PROHIBITIONS, view);
}

// ---------- command ----------

const COMMAND_TOOLS = new Set(
  `npm npx pnpm pnpx yarn bun bunx node deno tsc tsx ts-node make cmake cargo rustup rustc go python python3 pip pip3
  pipx uv uvx poetry pytest tox nox ruby bundle rake rails gem php composer artisan java mvn gradle gradlew dotnet
  docker docker-compose podman kubectl helm terraform tofu ansible git gh psql mysql sqlite3 redis-cli mongosh curl wget
  bash sh zsh fish just task nx turbo lerna jest vitest mocha playwright cypress eslint prettier biome ruff black mypy
  flake8 pylint isort swift xcodebuild flutter dart mix elixir iex sbt lein clojure stack cabal ghc nix brew apt
  apt-get systemctl journalctl ssh scp rsync heroku fly flyctl vercel netlify aws gcloud az firebase supabase wrangler
  prisma alembic django-admin uvicorn gunicorn nodemon pm2 powercontext pi sudo`.split(/\s+/),
);
const CODE_SPAN = /`([^`\n]{1,200})`/g;

/** Inline-code spans of `text` that look like shell commands. */
export function commandSpans(text: string): string[] {
  const spans: string[] = [];
  for (const match of text.matchAll(CODE_SPAN)) {
    const span = (match[1] ?? "").trim();
    if (looksLikeCommand(span)) spans.push(span);
  }
  return spans;
}

function looksLikeCommand(span: string): boolean {
  const command = span.startsWith("$ ") ? span.slice(2).trim() : span;
  const first = (command.split(" ", 1)[0] ?? "").toLowerCase();
  if (COMMAND_TOOLS.has(first)) return true;
  if (first.startsWith("./") || first.startsWith("../") || first.endsWith(".sh")) return true;
  return /^[a-z][\w.-]{0,40} /.test(command) && / --?[a-z]/.test(command);
}

// Tool names as plain words; "make" only where it is not English ("make sure", "make it").
const TOOLS =
  "npm|npx|pnpm|yarn|bun|deno|make(?! (sure|it|this|that|the|a|an|them|sense|progress|changes|certain|you|us|me)\\b)|cargo|go (run|test|build)|pytest|poetry|uv|gradle|mvn|dotnet|docker compose|docker-compose|docker|kubectl|rake|bundle exec|tox";
const TOOL_WORD = new RegExp(`\\b(${TOOLS})\\b`);
const RUN_TOOL = new RegExp(`\\b(run|execute|type)\\s+(${TOOLS})\\b`);
const TASKS =
  "build|test|run|start|deploy|lint|format|install|release|publish|migrate|seed|debug|bundle|compile|generate|regenerate|set up|setup|bootstrap|serve|reset|clean|typecheck|type-check|update|upgrade|benchmark|profile|package|verify|reproduce|rebuild|refresh|watch";
const TO_TASK_LEAD = new RegExp(`^to (${TASKS})\\b`);
const TASK_WITH = new RegExp(`^(${TASKS}) [^.]{0,80}\\b(with|using|via|by running)\\s`);
const DONE_WITH =
  /\b(starts|runs|is started|are run|is run|is built|builds|deploys|is deployed|are deployed|is released|is published|are installed|is installed|are tested|is tested|are generated|is generated|is formatted|is linted|can be run|can be started|can be built|can be deployed)\s+(with|via|using|by running|through)\b/;
const SPAN_DOES =
  /^`[^`]{1,200}` (runs|starts|builds|deploys|lints|formats|generates|executes|installs|checks|tests|compiles|serves|creates|resets|seeds|migrates|regenerates|updates|will)\b/;
const TASK_LABEL =
  /^(tests?|build|lint|format|dev|start|deploy|typecheck|type-check|e2e|migrations?|setup|install|release|publish|docs|bench|benchmarks?) ?: ?`/;
const RUN_VERB_BEFORE_CODE = /\b(run|runs|running|execute|invoke|type|use|call|with|via|using|through)\s+`/;
const RUN_VERB = /\b(run|execute|use|type|call|invoke)\b/;
const DURABLE = new RegExp(
  `\\b(before|after|whenever|every time|each time|prior to|once|when|locally|in ci|on ci|first|always|must|should|need to|in order to|instead of|to (${TASKS}|get|see|apply|create|recreate|check))\\b`,
);

function commandSignal(view: string, text: string): number {
  const hasSpan = commandSpans(text).length > 0;
  const hasTool = hasSpan || TOOL_WORD.test(view);
  if (TO_TASK_LEAD.test(view) && hasTool && RUN_VERB.test(view)) return 0.85;
  if (SPAN_DOES.test(view) && hasSpan) return 0.8;
  if (TASK_LABEL.test(view) && hasSpan) return 0.8;
  if (TASK_WITH.test(view) && hasTool) return hasSpan ? 0.85 : 0.75;
  if (DONE_WITH.test(view) && hasTool) return 0.8;
  if (hasSpan && RUN_VERB_BEFORE_CODE.test(view) && DURABLE.test(view)) return 0.85;
  if (RUN_TOOL.test(view) && DURABLE.test(view)) return 0.75;
  return 0;
}

// ---------- constraint: requirements ----------

const REQUIREMENTS: readonly Signal[] = [
  [/^always\b/, 0.9],
  [/\b(must|should) always\b/, 0.9],
  [/\b(we|you) always\b/, 0.85],
  [/\bmust\b/, 0.85],
  [/\b(is|are) (required|mandatory)\b|\brequired to\b/, 0.75],
  [/\bonly\b[^.]{0,100}\b(allowed|permitted)\b|\b(allowed|permitted) only\b/, 0.8],
  [/^(make sure|be sure|ensure)\b/, 0.7],
  [/\brequires\b/, 0.7, PRONOUN_SUBJECT],
  [/\bonly (use|run|deploy|push|merge|commit|import|release)\b/, 0.7],
  [/\bnever\b/, 0.7, PAST_OR_SELF],
  [/\bshould\b/, 0.55, SOMEDAY],
];
const SPECULATION =
  /\b(it|that|this|there|which|he|she|they) (must|should)\b|\bmust (have|'ve) been\b|\bshould (now|be fine|work)\b/;

function requirementSignal(view: string): number {
  if (SPECULATION.test(view) && !/\balways\b/.test(view)) return 0;
  return firstSignal(REQUIREMENTS, view);
}

// ---------- convention ----------

/** "We use it to …" explains the code at hand. */
const PRONOUN_USE = /\bwe (use|write|keep|format|wrap|log|handle|validate) (it|this|that|them|these|those)\b/;
const CONVENTIONS: readonly Signal[] = [
  [/\bnaming convention|\bconventions? (is|are|for)\b|\bby convention\b|\bour conventions?\b|\bstyle guide\b/, 0.85],
  [/\b(use|using|prefer|write|name|import|export)\b[^.]{0,200}\b(instead of|rather than)\b/, 0.85],
  [/\bprefer\b[^.]{0,200}\b(over|to)\b/, 0.8],
  [/^(one|a single) [a-z]+ per [a-z]+\b|\bone (concept|component|class|export|test|module) per\b/, 0.75],
  [/\b(camelcase|pascalcase|snake_case|kebab-case|screaming_snake_case|upper_snake_case)\b/, 0.75],
  [/^use [^.]{1,200} (for|when)\s/, 0.75],
  [/^put [^.]{1,200} (in|into|under|inside|beside|next to|alongside)\s/, 0.75],
  [/^prefer\b/, 0.7],
  [
    /\b(tests?|specs?|fixtures?|types?|helpers?|utils|components?|migrations?|files?|modules?|hooks?|styles?|assets?|docs|scripts?|interfaces?|schemas?|constants?|configs?) (go|live|belong|are kept|are placed|are stored|sit)\b/,
    0.7,
  ],
  [/\bwe (name|prefix|suffix|follow)\b/, 0.75],
  [/\b(are|is) (named|prefixed|suffixed|formatted with|formatted using)\b/, 0.7],
  [/\bwe use [^.]{1,200} (for|in|to|as|with)\s/, 0.65, PRONOUN_USE],
  [/\bwe (use|write|keep|format|structure|organize|organise|wrap|log|handle|validate)\b/, 0.6, PRONOUN_USE],
];
const EPHEMERAL =
  /\b(for now|for the moment|for this|for that|for it|for me|right now|today|this time)\b|^(use|put) (it|this|that|them)\b/;

function conventionSignal(view: string): number {
  const signal = firstSignal(CONVENTIONS, view);
  if (signal === 0 || EPHEMERAL.test(view)) return 0;
  return signal;
}

// ---------- fact ----------

const FACTS: readonly Signal[] = [
  [
    /\b(listens|runs|is running|is served|is exposed|is reachable|is available|serves)\s+on\s+(port\s+\d|localhost|https?:|\d)/,
    0.8,
  ],
  [
    /\b(is|are)\s+(stored|kept|persisted|cached|defined|configured|declared|located|deployed|hosted|generated|logged|saved|written|loaded|built|compiled|bundled|published|managed|tracked|installed|implemented)\s+(in|at|on|under|by|via|from|to|into|with|using)\b/,
    0.7,
  ],
  [/\b(lives|resides|is located|sits)\s+(in|at|under)\b/, 0.7],
  [/\bdefaults?\s+to\b|\bthe default (is|port|value|branch)\b/, 0.65],
  [
    /^(the|our) [a-z ]{1,40}\b(version|port|url|endpoint|host|database|db|schema|branch|repo|repository|runtime) (is|are)\b/,
    0.65,
  ],
  [/\b(uses|relies on|depends on|talks to|connects to|reads from|writes to|is backed by|is powered by)\b/, 0.6],
];
const NOT_A_FACT = /\b(was|were|had|did|failed|broke|crashed|i|you)\b/;
/** "The new test lives in …" describes the change at hand, not the project. */
const CHANGE_AT_HAND =
  /^(the|a|an) (new|updated|old|fixed|failing|broken|current|same|above|following|first|last|next|previous|other|added|changed)\b/;

function factSignal(view: string, text: string): number {
  if (PRONOUN_SUBJECT.test(view) || NOT_A_FACT.test(view) || CHANGE_AT_HAND.test(view)) return 0;
  return Math.max(firstSignal(FACTS, view), projectFactSignal(text));
}

function decisionSignal(view: string, text: string): number {
  const stated = firstSignal(DECISIONS, view);
  return stated > 0 || PRONOUN_SUBJECT.test(view) ? stated : migrationSignal(text);
}

const DETECTORS: ReadonlyArray<readonly [RuleKind, SignalFn]> = [
  ["decision", decisionSignal],
  ["preference", preferenceSignal],
  ["constraint", prohibitionSignal],
  ["command", commandSignal],
  ["constraint", requirementSignal],
  ["convention", conventionSignal],
  ["fact", factSignal],
];
