// Facts about where and how a component runs: database, cloud, dev port, environment variables, deploy procedure,
// secrets, error tracking, message queue, schema migrations.
import type { FactTopic } from "./types.ts";

export const INFRA_TOPICS: readonly FactTopic[] = [
  {
    name: "database",
    values: ["PostgreSQL 16", "MySQL 8", "DynamoDB", "MongoDB", "CockroachDB", "SQLite", "ClickHouse", "Redis"],
    others: ["Aurora", "Firestore", "Cassandra", "MariaDB"],
    statements: [
      (s) => `We decided to keep ${s.component} data in ${s.value}, not ${s.other}.`,
      (s) => `The ${s.component} is backed by ${s.value}. Never point ${s.slug} at ${s.other} again.`,
      (s) => `So after the outage review: ${s.component} records are stored in ${s.value}; ${s.other} is retired.`,
    ],
    lexical: [
      (s) => `Which database is the ${s.component} data stored in?`,
      (s) => `Is ${s.slug} on ${s.value} or ${s.other}?`,
    ],
    paraphrase: [
      (a) => `Where does ${a} persist its rows?`,
      (a) => `what engine should my local docker point to for ${a}?`,
      (a) => `Which DB do I query to inspect ${a} state?`,
    ],
    tasks: [
      (s) => `Write a query listing the ${s.component} records created yesterday.`,
      (s) => `Add an index to speed up the ${s.slug} lookup by email.`,
      (s) => `Set up a local docker-compose for the ${s.component} with its storage.`,
    ],
  },
  {
    name: "cloud",
    values: ["AWS eu-west-1", "GCP europe-west4", "Azure westeurope", "Fly.io", "Hetzner", "AWS us-east-2"],
    others: ["ECS", "Kubernetes", "Cloud Run", "plain VMs"],
    statements: [
      (s) => `The ${s.component} is deployed on ${s.value}, on ${s.other}.`,
      (s) => `We're moving the ${s.component} to ${s.value} (${s.other}); nothing new goes elsewhere.`,
      (s) => `- ${s.slug}: hosted in ${s.value} via ${s.other}, we agreed on that in the infra sync`,
    ],
    lexical: [
      (s) => `Which cloud region is the ${s.component} deployed in?`,
      (s) => `is ${s.slug} hosted on ${s.other}?`,
    ],
    paraphrase: [
      (a) => `Where does ${a} physically run in production?`,
      (a) => `which provider's console do I open to look at ${a}?`,
      (a) => `What datacenter serves ${a} traffic?`,
    ],
    tasks: [
      (s) => `Write the Terraform for a second ${s.component} instance.`,
      (s) => `Give ${s.slug} read access to the reports bucket.`,
      (s) => `Estimate what doubling the ${s.component} capacity would cost per month.`,
    ],
  },
  {
    name: "dev-port",
    values: ["7421", "3001", "4000", "5173", "8080", "9090", "8787", "6006", "3333", "5005"],
    others: ["docker compose", "the dev proxy", "tilt", "foreman"],
    statements: [
      (s) => `The ${s.component} listens on ${s.value} locally (via ${s.other}).`,
      (s) => `Locally ${s.slug} is served on port ${s.value} through ${s.other}.`,
      (s) => `note: ${s.component} dev server runs on port ${s.value}; ${s.other} forwards it`,
    ],
    lexical: [
      (s) => `What port does the ${s.component} listen on?`,
      (s) => `which port is ${s.slug} served on locally?`,
    ],
    paraphrase: [
      (a) => `What address do I open in my browser to reach ${a} on my laptop?`,
      (a) => `where can I hit ${a} when I start it at home?`,
      (a) => `${a} on my machine: what URL?`,
    ],
    tasks: [
      (s) => `Add a proxy entry so the frontend can call the ${s.component} in development.`,
      (s) => `Write a curl smoke test against my local ${s.slug}.`,
      (s) => `Configure the Playwright baseURL for the ${s.component} e2e suite.`,
    ],
  },
  {
    name: "env-var",
    values: ["LEDGER_DB_URL", "PAYMENTS_API_KEY", "APP_SECRET_KEY", "DATABASE_URL", "SENTRY_DSN", "REDIS_URL"],
    others: [".env.local", "Doppler", "the Helm values", "1Password"],
    statements: [
      (s) => `The ${s.component} reads its connection string from ${s.value}, set in ${s.other}.`,
      (s) => `${s.slug} must get ${s.value} from ${s.other}; it refuses to boot without it.`,
      (s) => `Always define ${s.value} (see ${s.other}) before starting the ${s.component}.`,
    ],
    lexical: [
      (s) => `Which environment variable does the ${s.component} need to boot?`,
      (s) => `where is ${s.value} set for ${s.slug}?`,
    ],
    paraphrase: [
      (a) => `What variable must be exported before ${a} will come up?`,
      (a) => `${a} crashes on boot complaining about something missing, what did I forget?`,
      (a) => `Which name holds the DB credentials for ${a}?`,
    ],
    tasks: [
      (s) => `Get the ${s.component} running on my laptop.`,
      (s) => `Write the Kubernetes deployment manifest for ${s.slug}.`,
      (s) => `Add the ${s.component} to our local docker-compose.`,
    ],
  },
  {
    name: "deploy-procedure",
    values: [
      "make deploy-prod",
      "./scripts/release.sh",
      "fly deploy",
      "helm upgrade",
      "bundle exec cap production deploy",
    ],
    others: ["a green main build", "a sign-off in #releases", "the Tuesday window", "a tagged release"],
    statements: [
      (s) => `To deploy the ${s.component}, run \`${s.value}\` and only after ${s.other}.`,
      (s) => `Deploying ${s.slug}: \`${s.value}\`, never from a laptop without ${s.other}.`,
      (s) => `Rule: ${s.component} releases go out with \`${s.value}\` after ${s.other}.`,
    ],
    lexical: [(s) => `How do I deploy the ${s.component}?`, (s) => `What's the release command for ${s.slug}?`],
    paraphrase: [
      (a) => `What's the procedure to ship ${a} to prod?`,
      (a) => `how do we push a new build of ${a} live?`,
      (a) => `Steps for getting my merged fix in ${a} in front of customers?`,
    ],
    tasks: [
      (s) => `Ship the hotfix for the ${s.component} today.`,
      (s) => `Roll out the new ${s.slug} version after the merge.`,
      (s) => `Write the runbook section on releasing the ${s.component}.`,
    ],
  },
  {
    name: "secrets",
    values: ["Vault", "AWS Secrets Manager", "Doppler", "sops", "1Password Connect", "GCP Secret Manager"],
    others: ["plain env files", "the repo", "Slack", "CI variables"],
    statements: [
      (s) => `${s.component} secrets live in ${s.value}. Never put them in ${s.other}.`,
      (s) => `We decided all ${s.slug} credentials are managed by ${s.value}, not ${s.other}.`,
      (s) => `Important: keys for the ${s.component} must come from ${s.value}; ${s.other} is not allowed`,
    ],
    lexical: [(s) => `Where do ${s.component} secrets live?`, (s) => `Can I keep ${s.slug} credentials in ${s.other}?`],
    paraphrase: [
      (a) => `Where am I supposed to store the API tokens ${a} needs?`,
      (a) => `how should passwords for ${a} be handled?`,
      (a) => `I have a private certificate for ${a}, where does it go?`,
    ],
    tasks: [
      (s) => `Rotate the ${s.component} database password.`,
      (s) => `Add a Stripe key to the ${s.slug} config.`,
      (s) => `Give the new contractor access to what the ${s.component} needs.`,
    ],
  },
  {
    name: "error-tracking",
    values: ["Sentry", "Rollbar", "Honeybadger", "Bugsnag", "Datadog APM", "Grafana Loki"],
    others: ["#alerts-prod", "#eng-errors", "PagerDuty", "the weekly triage"],
    statements: [
      (s) => `${s.component} exceptions are tracked in ${s.value} and routed to ${s.other}.`,
      (s) => `Always check ${s.value} first when the ${s.component} misbehaves; alerts land in ${s.other}.`,
      (s) => `- ${s.slug} errors → ${s.value}, we agreed to triage them in ${s.other}`,
    ],
    lexical: [
      (s) => `Where are ${s.component} exceptions reported?`,
      (s) => `does ${s.slug} use ${s.value} for errors?`,
    ],
    paraphrase: [
      (a) => `${a} is throwing in prod, which dashboard shows the stack traces?`,
      (a) => `how do I find out what crashed in ${a} last night?`,
      (a) => `What captures unhandled failures from ${a}?`,
    ],
    tasks: [
      (s) => `Investigate why the ${s.component} crashed at 3am.`,
      (s) => `Add context tags to ${s.slug} crash reports.`,
      (s) => `Silence the noisy timeout error from the ${s.component}.`,
    ],
  },
  {
    name: "queue",
    values: ["SQS", "RabbitMQ", "Kafka", "NATS", "Google Pub/Sub", "BullMQ on Redis"],
    others: ["at-least-once", "FIFO ordering", "a dead-letter queue", "idempotent handlers"],
    statements: [
      (s) => `The ${s.component} consumes jobs from ${s.value}, with ${s.other}.`,
      (s) => `We're standardizing ${s.slug} messaging on ${s.value}; handlers must assume ${s.other}.`,
      (s) => `For the ${s.component} we went with ${s.value} (${s.other}) after the broker bake-off.`,
    ],
    lexical: [(s) => `What message queue does the ${s.component} consume from?`, (s) => `is ${s.slug} on ${s.value}?`],
    paraphrase: [
      (a) => `Which broker delivers work to ${a}?`,
      (a) => `how do async tasks reach ${a}?`,
      (a) => `Where do I publish an event so ${a} picks it up?`,
    ],
    tasks: [
      (s) => `Add a consumer in the ${s.component} for refund events.`,
      (s) => `Make ${s.slug} retry poisoned jobs sensibly.`,
      (s) => `Write an integration test that enqueues a job for the ${s.component}.`,
    ],
  },
  {
    name: "migrations",
    values: ["sqitch", "Flyway", "Alembic", "Prisma Migrate", "Liquibase", "golang-migrate", "Knex migrations"],
    others: ["raw SQL files", "hand edits in prod", "ORM auto-sync", "ad-hoc scripts"],
    statements: [
      (s) => `Migrations for the ${s.component} go through ${s.value}, never ${s.other}.`,
      (s) => `Schema changes in ${s.slug} must use ${s.value}; no ${s.other}.`,
      (s) => `We agreed ${s.component} DDL is managed with ${s.value} instead of ${s.other}.`,
    ],
    lexical: [
      (s) => `What migration tool does the ${s.component} use?`,
      (s) => `can I write ${s.other} for ${s.slug}?`,
    ],
    paraphrase: [
      (a) => `How do I add a column to a table owned by ${a}?`,
      (a) => `what's the right way to alter ${a}'s database layout?`,
      (a) => `Which tool versions the tables of ${a}?`,
    ],
    tasks: [
      (s) => `Add a migration for the invoices table in the ${s.component}.`,
      (s) => `Rename the user_name column in ${s.slug} to display_name.`,
      (s) => `Drop the unused legacy_flags table from the ${s.component}.`,
    ],
  },
];
