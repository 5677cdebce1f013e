// A software-domain concept lexicon: for each concept, the everyday words people use for it (its category) and the
// names that belong to it (tools, products, roles). The word-vector build script (scripts/build-word-vectors.ts) folds
// each concept into the vectors of its members, so that "package manager" lands near "pnpm" even though the general
// English vectors have never seen "pnpm". Members are lowercase; a multi-word member is one phrase ("on call").
// Changing this file changes the built vectors and the concept ids, and so the model's name (word-vector-model.ts,
// `modelName`): stored entry signatures are then recomputed. Run `npm install` to rebuild the vectors.

interface LegacyConcept {
  category: readonly string[];
  members: readonly string[];
}

export const LEGACY_CONCEPTS: readonly LegacyConcept[] = [
  {
    category: ["package", "manager", "dependencies", "install"],
    members: ["npm", "pnpm", "yarn", "bun", "pip", "pipenv", "poetry", "uv", "conda", "cargo", "bundler", "gem"],
  },
  {
    category: ["package", "manager", "dependencies", "install"],
    members: ["composer", "maven", "gradle", "nuget", "homebrew", "brew", "apt", "lockfile", "node_modules"],
  },
  {
    category: ["test", "tests", "testing", "runner"],
    members: ["jest", "vitest", "mocha", "jasmine", "pytest", "unittest", "rspec", "minitest", "junit", "testng"],
  },
  { category: ["test", "tests", "testing", "browser"], members: ["playwright", "cypress", "selenium", "puppeteer"] },
  {
    category: ["continuous", "integration", "build", "pipeline"],
    members: ["ci", "jenkins", "circleci", "travis", "buildkite", "github actions", "gitlab ci", "teamcity", "drone"],
  },
  {
    category: ["database", "db", "data", "stored", "persist"],
    members: ["postgres", "postgresql", "mysql", "mariadb", "sqlite", "mongodb", "mongo", "dynamodb", "cassandra"],
  },
  {
    category: ["database", "db", "data", "stored", "persist"],
    members: ["cockroachdb", "clickhouse", "snowflake", "bigquery", "redshift", "firestore", "oracle", "mssql"],
  },
  { category: ["cache", "caching", "memory", "store"], members: ["redis", "memcached", "valkey", "varnish"] },
  {
    category: ["search", "index", "engine"],
    members: ["elasticsearch", "opensearch", "solr", "algolia", "meilisearch"],
  },
  {
    category: ["queue", "messages", "events", "broker"],
    members: ["kafka", "rabbitmq", "sqs", "sns", "pubsub", "nats", "kinesis", "celery", "sidekiq", "activemq"],
  },
  {
    category: ["cloud", "hosting", "provider", "hosted"],
    members: ["aws", "gcp", "azure", "amazon web services", "google cloud", "heroku", "vercel", "netlify"],
  },
  {
    category: ["cloud", "hosting", "provider", "hosted"],
    members: ["fly.io", "render", "digitalocean", "cloudflare", "linode", "hetzner", "ec2", "lambda"],
  },
  {
    category: ["container", "containers", "orchestration", "cluster"],
    members: ["docker", "kubernetes", "k8s", "helm", "podman", "ecs", "eks", "gke", "nomad", "compose"],
  },
  {
    category: ["infrastructure", "provisioning", "configuration"],
    members: ["terraform", "pulumi", "ansible", "cloudformation", "chef", "puppet", "cdk"],
  },
  {
    category: ["programming", "language", "runtime", "version"],
    members: ["python", "ruby", "java", "kotlin", "golang", "go", "rust", "typescript", "javascript", "node"],
  },
  {
    category: ["programming", "language", "runtime", "version"],
    members: ["nodejs", "deno", "php", "elixir", "erlang", "scala", "swift", "csharp", "c#", "dotnet", "perl"],
  },
  {
    category: ["web", "framework", "server", "backend"],
    members: ["rails", "django", "flask", "fastapi", "express", "fastify", "nestjs", "spring", "laravel", "phoenix"],
  },
  {
    category: ["frontend", "ui", "framework", "components"],
    members: ["react", "vue", "angular", "svelte", "nextjs", "next.js", "nuxt", "remix", "solid", "ember"],
  },
  {
    category: ["build", "bundler", "compile", "bundle"],
    members: ["webpack", "vite", "esbuild", "rollup", "parcel", "turbopack", "babel", "tsc", "swc", "bazel", "make"],
  },
  {
    category: ["lint", "linter", "style", "formatting", "formatter"],
    members: ["eslint", "prettier", "biome", "rubocop", "black", "flake8", "ruff", "pylint", "gofmt", "clippy"],
  },
  {
    category: ["monitoring", "metrics", "dashboards", "observability", "alerts"],
    members: ["datadog", "grafana", "prometheus", "newrelic", "new relic", "honeycomb", "opentelemetry", "otel"],
  },
  {
    category: ["errors", "exceptions", "crash", "reporting", "tracking"],
    members: ["sentry", "bugsnag", "rollbar", "crashlytics", "honeybadger"],
  },
  {
    category: ["logs", "logging", "log"],
    members: ["kibana", "splunk", "loki", "papertrail", "logstash", "fluentd", "cloudwatch", "pino", "winston"],
  },
  {
    category: ["urgent", "emergency", "night", "contact", "escalate", "outage", "incident"],
    members: ["on call", "oncall", "on-call", "pager", "pagerduty", "opsgenie", "page", "paged", "rotation"],
  },
  {
    category: ["owner", "responsible", "maintainer", "ask", "contact", "lead", "team"],
    members: ["owns", "owned", "ownership", "maintains", "maintained", "codeowners", "point person", "dri"],
  },
  {
    category: ["review", "approve", "approval", "merge", "change"],
    members: ["reviewer", "reviewers", "code review", "pull request", "pr", "prs", "merge request", "mr", "lgtm"],
  },
  {
    category: ["version", "control", "branch", "commit", "repository"],
    members: ["git", "github", "gitlab", "bitbucket", "main", "master", "trunk", "rebase", "squash", "monorepo"],
  },
  {
    category: ["release", "deploy", "deployment", "ship", "production", "rollout"],
    members: ["deploys", "deployed", "shipit", "argo", "argocd", "spinnaker", "canary", "blue green", "rollback"],
  },
  {
    category: ["feature", "flag", "toggle", "switch", "experiment"],
    members: ["launchdarkly", "unleash", "flipper", "split.io", "growthbook", "feature flag", "kill switch"],
  },
  {
    category: ["secret", "secrets", "password", "credentials", "keys", "token"],
    members: ["vault", "1password", "doppler", "sops", "kms", "secrets manager", "keychain", ".env", "dotenv"],
  },
  {
    category: ["authentication", "login", "sign", "identity", "users"],
    members: ["auth", "oauth", "oidc", "saml", "sso", "jwt", "auth0", "okta", "cognito", "keycloak", "passwords"],
  },
  {
    category: ["payments", "billing", "charge", "checkout", "invoice", "money"],
    members: ["stripe", "braintree", "paypal", "adyen", "invoices", "invoicing", "subscription", "subscriptions"],
  },
  {
    category: ["email", "mail", "send", "notifications"],
    members: ["sendgrid", "mailgun", "postmark", "ses", "smtp", "mailchimp", "twilio", "sms"],
  },
  {
    category: ["chat", "message", "channel", "discussion", "talk"],
    members: ["slack", "discord", "teams", "mattermost", "zulip", "thread"],
  },
  {
    category: ["ticket", "tickets", "issue", "tracker", "task", "backlog"],
    members: ["jira", "linear", "asana", "trello", "clickup", "youtrack", "shortcut"],
  },
  {
    category: ["documentation", "docs", "wiki", "guide", "written"],
    members: ["confluence", "notion", "readme", "mkdocs", "docusaurus", "sphinx", "storybook", "adr", "runbook"],
  },
  {
    category: ["api", "endpoint", "interface", "protocol", "calls"],
    members: ["rest", "graphql", "grpc", "openapi", "swagger", "protobuf", "websocket", "webhook", "webhooks", "rpc"],
  },
  {
    category: ["schema", "migration", "migrations", "database", "change"],
    members: ["flyway", "liquibase", "alembic", "sqitch", "knex", "prisma", "sequelize", "typeorm", "activerecord"],
  },
  {
    category: ["orm", "query", "database", "models"],
    members: ["prisma", "sqlalchemy", "hibernate", "drizzle", "gorm", "ecto", "mongoose", "diesel"],
  },
  {
    category: ["storage", "files", "upload", "bucket", "objects"],
    members: ["s3", "gcs", "blob", "minio", "r2", "cdn", "cloudfront", "fastly", "akamai"],
  },
  {
    category: ["editor", "ide", "code", "editing"],
    members: ["vscode", "vim", "neovim", "emacs", "intellij", "pycharm", "webstorm", "xcode", "cursor"],
  },
  {
    category: ["network", "port", "address", "listen", "host"],
    members: ["localhost", "nginx", "haproxy", "traefik", "envoy", "caddy", "dns", "tls", "https", "proxy"],
  },
  {
    category: ["schedule", "scheduled", "periodic", "nightly", "job", "jobs"],
    members: ["cron", "crontab", "airflow", "temporal", "dagster", "prefect", "quartz", "scheduler"],
  },
  {
    category: ["mobile", "phone", "app", "apps"],
    members: ["ios", "android", "flutter", "react native", "expo", "testflight", "swiftui", "jetpack"],
  },
  {
    category: ["style", "css", "design", "look"],
    members: ["tailwind", "sass", "scss", "bootstrap", "styled-components", "figma", "less"],
  },
  {
    category: ["type", "types", "typing", "checker", "strict"],
    members: ["typescript", "mypy", "pyright", "sorbet", "flow", "tsc", "typecheck"],
  },
  {
    category: ["environment", "variable", "setting", "configuration", "config"],
    members: ["env", "env var", "envvar", "environment variable", "dotenv", "yaml", "toml", "ini", "settings"],
  },
  {
    category: ["staging", "environment", "preview", "testing", "sandbox"],
    members: ["staging", "stage", "qa", "uat", "preprod", "dev"],
  },
  {
    category: ["production", "live", "customers", "real"],
    members: ["prod", "production", "live"],
  },
  {
    category: ["upgrade", "update", "bump", "newer", "version"],
    members: ["upgrade", "upgrading", "bump", "bumping", "pin", "pinned", "pins", "semver", "renovate", "dependabot"],
  },
  {
    category: ["time", "zone", "date", "clock"],
    members: ["utc", "timezone", "tz", "iso8601", "timestamp", "timestamps", "dst"],
  },
  {
    category: ["language", "translation", "locale", "international"],
    members: ["i18n", "l10n", "locale", "locales", "translations", "gettext", "crowdin"],
  },
  {
    category: ["security", "vulnerability", "scan", "audit"],
    members: ["snyk", "trivy", "dependabot", "sast", "owasp", "cve", "pentest"],
  },
  {
    category: ["analytics", "tracking", "events", "usage"],
    members: ["segment", "mixpanel", "amplitude", "posthog", "google analytics", "heap"],
  },
  {
    category: ["meeting", "standup", "sync", "call", "weekly"],
    members: ["standup", "retro", "retrospective", "planning", "zoom", "meet", "huddle"],
  },
  {
    category: ["shell", "terminal", "command", "script"],
    members: ["bash", "zsh", "fish", "powershell", "makefile", "justfile", "npx", "script"],
  },
  {
    category: ["performance", "slow", "latency", "speed", "fast"],
    members: ["p95", "p99", "latency", "throughput", "profiling", "benchmark", "benchmarks", "flamegraph"],
  },
  {
    category: ["backup", "restore", "snapshot", "disaster", "recovery"],
    members: ["backups", "pg_dump", "snapshots", "restic", "velero", "point-in-time"],
  },
  {
    category: ["rate", "limit", "throttle", "quota", "requests"],
    members: ["ratelimit", "rate limit", "throttling", "429", "backoff", "quotas"],
  },
  {
    category: ["coverage", "tests", "percentage", "threshold"],
    members: ["codecov", "coveralls", "istanbul", "nyc", "c8", "lcov", "coverage.py"],
  },
  {
    category: ["commit", "message", "convention", "history"],
    members: ["conventional commits", "semantic-release", "changelog", "commitlint", "husky", "pre-commit"],
  },
];
