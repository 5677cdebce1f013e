// What durable facts the quality dataset states about a project component, as people write them in coding chats,
// and how people later ask about them without repeating the statement's words.

export interface FactSlots {
  /** Component in prose: "invoice exporter". */
  component: string;
  /** Component as an identifier: "invoice-exporter". */
  slug: string;
  /** The aspect's value drawn for this fact. */
  value: string;
  /** A second value, for aspects that need two. */
  other: string;
}

export interface Aspect {
  name: string;
  values: readonly string[];
  others: readonly string[];
  /** Statement variants; the rules extractor must classify each as durable. */
  statements: ReadonlyArray<(s: FactSlots) => string>;
  /** Question variants: paraphrases that share at most the component and one topic word with the statement. */
  questions: ReadonlyArray<(s: FactSlots) => string>;
}

export const ASPECTS: readonly Aspect[] = [
  {
    name: "datastore",
    values: [
      "PostgreSQL",
      "Redis",
      "DynamoDB",
      "SQLite",
      "MongoDB",
      "ClickHouse",
      "Cassandra",
      "MySQL",
      "Elasticsearch",
      "CockroachDB",
    ],
    others: ["S3", "a flat file", "Firestore", "Memcached"],
    statements: [
      (s) => `We decided to keep the ${s.component} data in ${s.value} instead of ${s.other}.`,
      (s) => `After a long thread we agreed the ${s.component} stores its records in ${s.value}, not ${s.other}.`,
    ],
    questions: [
      (s) => `Which database backs the ${s.component}?`,
      (s) => `where does ${s.component} persist stuff`,
      (s) => `What DB engine should I point the ${s.component} at when I set it up?`,
    ],
  },
  {
    name: "test-command",
    values: [
      "--runInBand",
      "--watch=false",
      "--coverage",
      "--bail",
      "--reporter=dot",
      "--maxWorkers=2",
      "--shard=1/4",
      "--no-cache",
    ],
    others: ["npm run", "pnpm", "yarn"],
    statements: [
      (s) => `To test the ${s.component} locally, run \`${s.other} test:${s.slug} ${s.value}\` from the repo root.`,
      (s) => `Run \`${s.other} test:${s.slug} ${s.value}\` before pushing any ${s.component} change.`,
    ],
    questions: [
      (s) => `How do I execute the ${s.component} specs on my machine?`,
      (s) => `what's the command for checking my ${s.component} changes pass`,
      (s) => `Which script verifies the ${s.component} before a push?`,
    ],
  },
  {
    name: "timeout",
    values: ["2", "3", "5", "8", "10", "15", "20", "30"],
    others: ["upstream", "outbound", "downstream"],
    statements: [
      (s) => `The ${s.component} must time out ${s.other} calls after ${s.value} seconds.`,
      (s) => `Rule: every ${s.other} request from the ${s.component} has a hard ${s.value} second timeout.`,
    ],
    questions: [
      (s) => `What's the deadline for requests the ${s.component} makes?`,
      (s) => `how long may the ${s.component} wait on another service before giving up`,
      (s) => `Is there a cap on how long ${s.component} HTTP calls can hang?`,
    ],
  },
  {
    name: "event-naming",
    values: ["snake_case", "kebab-case", "camelCase", "PascalCase", "SCREAMING_SNAKE_CASE"],
    others: ["past tense verbs", "a domain prefix", "a version suffix", "the aggregate name first"],
    statements: [
      (s) => `Convention: events emitted by the ${s.component} are named in ${s.value} with ${s.other}.`,
      (s) => `Our naming convention for ${s.component} events is ${s.value}, and names use ${s.other}.`,
    ],
    questions: [
      (s) => `How should I name a new message the ${s.component} publishes?`,
      (s) => `what casing do ${s.component} events follow`,
      (s) => `Is there a pattern for the names of things the ${s.component} emits?`,
    ],
  },
  {
    name: "owner",
    values: [
      "payments",
      "platform",
      "growth",
      "identity",
      "data",
      "mobile",
      "infra",
      "commerce",
      "search",
      "trust and safety",
    ],
    others: ["#eng-oncall", "#team-backend", "#help-platform", "#dev-support"],
    statements: [
      (s) => `The ${s.component} is managed by the ${s.value} team; questions go to ${s.other}.`,
      (s) => `Always file ${s.component} issues with the ${s.value} team in ${s.other}; they own it.`,
    ],
    questions: [
      (s) => `Who looks after the ${s.component}?`,
      (s) => `which group should I ping when ${s.component} breaks`,
      (s) => `Whose responsibility is the ${s.component}?`,
    ],
  },
  {
    name: "deploy",
    values: ["Fly.io", "Kubernetes", "AWS Lambda", "Cloud Run", "Heroku", "ECS Fargate", "Vercel", "a bare-metal VM"],
    others: ["every merge to main", "a manual approval", "the nightly release train", "a git tag"],
    statements: [
      (s) => `We're going with ${s.value} for the ${s.component}; it ships on ${s.other}.`,
      (s) => `We decided to deploy the ${s.component} to ${s.value}, triggered by ${s.other}.`,
    ],
    questions: [
      (s) => `Where does the ${s.component} run in production?`,
      (s) => `what hosting does ${s.component} use and when does it go out`,
      (s) => `How does a ${s.component} release reach prod?`,
    ],
  },
  {
    name: "retries",
    values: ["2", "3", "4", "5", "6", "7"],
    others: ["exponential backoff", "jittered backoff", "a fixed one second delay", "a circuit breaker"],
    statements: [
      (s) => `Never retry a failed ${s.component} job more than ${s.value} times, and always use ${s.other}.`,
      (s) => `The ${s.component} must give up after ${s.value} attempts with ${s.other}.`,
    ],
    questions: [
      (s) => `How many tries does the ${s.component} get before it fails for good?`,
      (s) => `what's the ${s.component} policy when something errors, does it try again`,
      (s) => `If a ${s.component} task blows up, how often is it re-run?`,
    ],
  },
  {
    name: "logging",
    values: ["request_id", "trace_id", "tenant_id", "correlation_id", "job_id", "span_id"],
    others: ["structured JSON", "logfmt", "pino", "OpenTelemetry attributes"],
    statements: [
      (s) => `Always log ${s.component} errors as ${s.other} with the ${s.value} field so we can correlate them.`,
      (s) => `Every ${s.component} log line must carry ${s.value}, written as ${s.other}.`,
    ],
    questions: [
      (s) => `What must ${s.component} error output include?`,
      (s) => `how do we trace a failure in the ${s.component} back to the request`,
      (s) => `Which key ties ${s.component} log entries together?`,
    ],
  },
  {
    name: "pin",
    values: ["4.2", "3.11", "18.2", "1.9", "2.7", "5.0", "0.14", "7.3"],
    others: ["protobufjs", "sharp", "node-fetch", "pg", "ioredis", "zod", "axios", "luxon"],
    statements: [
      (s) => `The ${s.component} must stay on ${s.other} ${s.value} until the upstream memory leak is fixed.`,
      (s) => `Do not upgrade ${s.other} past ${s.value} in the ${s.component}; newer releases break our build.`,
    ],
    questions: [
      (s) => `Can I bump dependencies in the ${s.component} to latest?`,
      (s) => `is there a library version the ${s.component} is locked to`,
      (s) => `Why would renovate PRs for the ${s.component} get rejected?`,
    ],
  },
  {
    name: "port",
    values: ["3001", "4000", "5173", "8080", "8443", "9000", "7070", "6060", "5005", "8787"],
    others: ["the dev proxy", "docker compose", "the local stack", "tilt"],
    statements: [
      (s) => `The ${s.component} listens on port ${s.value} in development behind ${s.other}.`,
      (s) => `Locally the ${s.component} is served on port ${s.value} via ${s.other}.`,
    ],
    questions: [
      (s) => `What address do I hit for the ${s.component} on my laptop?`,
      (s) => `which port is ${s.component} bound to locally`,
      (s) => `The ${s.component} dev server, where do I reach it?`,
    ],
  },
  {
    name: "flag",
    values: ["new-ui", "v2-engine", "beta-rollout", "strict-mode", "async-path", "shadow-write"],
    others: ["LaunchDarkly", "Unleash", "our flag table", "Flagsmith"],
    statements: [
      (s) => `We decided to ship the ${s.component} rewrite behind the ${s.value} flag in ${s.other}.`,
      (s) => `We agreed that the new ${s.component} code path stays dark behind ${s.value} (managed in ${s.other}).`,
    ],
    questions: [
      (s) => `How do I turn on the reworked ${s.component}?`,
      (s) => `which toggle gates the ${s.component} rewrite`,
      (s) => `Is the new ${s.component} enabled for everyone or gated?`,
    ],
  },
  {
    name: "migrations",
    values: ["migrate", "db-up", "schema-sync", "migrations:apply", "prisma-deploy"],
    others: ["make", "npm run", "just"],
    statements: [
      (s) => `Before starting the ${s.component}, run \`${s.other} ${s.value}-${s.slug}\` to apply schema migrations.`,
      (s) => `To migrate the ${s.component} schema, run \`${s.other} ${s.value}-${s.slug}\` first.`,
    ],
    questions: [
      (s) => `How do I update the tables for the ${s.component}?`,
      (s) => `what do I need to do before booting ${s.component} after pulling`,
      (s) => `My ${s.component} crashes with a missing column, what step did I skip?`,
    ],
  },
  {
    name: "boundary",
    values: ["the API gateway", "the BFF", "the internal SDK", "the message bus", "the public REST API"],
    others: ["browser", "mobile app", "cron jobs", "partner integrations"],
    statements: [
      (s) => `Never call the ${s.component} directly from the ${s.other}; always go through ${s.value}.`,
      (s) => `The ${s.other} must not talk to the ${s.component} directly, only via ${s.value}.`,
    ],
    questions: [
      (s) => `Is it OK for the frontend to hit the ${s.component} straight away?`,
      (s) => `what's the allowed path to reach ${s.component} from clients`,
      (s) => `How should other code get at the ${s.component}?`,
    ],
  },
  {
    name: "cache",
    values: ["30 seconds", "1 minute", "5 minutes", "15 minutes", "1 hour", "24 hours"],
    others: ["Redis", "the CDN", "an in-process LRU", "Varnish"],
    statements: [
      (s) => `We decided to cache ${s.component} responses for ${s.value} in ${s.other}.`,
      (s) => `The team agreed that ${s.component} results are cached in ${s.other} with a ${s.value} TTL.`,
    ],
    questions: [
      (s) => `How stale can ${s.component} data be?`,
      (s) => `what's the expiry on ${s.component} lookups`,
      (s) => `Why do ${s.component} changes take a while to show up?`,
    ],
  },
];
