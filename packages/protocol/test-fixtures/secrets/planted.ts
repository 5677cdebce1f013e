// Builders for planted.json: realistic snippets, each embedding exactly one synthetic secret.
import { ALNUM, BASE64URL, DIGITS, LOWER, UPPER, wrap64 } from "./random.ts";
import type { Random } from "./random.ts";

export interface PlantedEntry {
  family: string;
  /** Other family names an overlapping detection may legitimately carry. */
  accept?: string[];
  /** The synthetic secret; it must be gone after redaction. */
  secret: string;
  text: string;
}

const TOKEN_CHARS = ALNUM + "_-";

function camel(name: string): string {
  return name.toLowerCase().replace(/_([a-z])/g, (_, char: string) => char.toUpperCase());
}

function jwt(random: Random): string {
  const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
  const claims = {
    sub: random.uuid(),
    iat: random.int(1.6e9, 1.8e9),
    scope: "read:org write:repo",
    tenant: random.alnum(8),
  };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${random.chars(BASE64URL, 43)}`;
}

function discordBotToken(random: Random): string {
  const id = Buffer.from(`1${random.chars(DIGITS, 18)}`)
    .toString("base64")
    .replace(/=+$/, "");
  return `${id}.${random.chars(TOKEN_CHARS, 6)}.${random.chars(TOKEN_CHARS, 38)}`;
}

type Maker = (random: Random) => string;

/** Provider families: [family, usual variable name, token maker]. */
const PROVIDERS: readonly [string, string, Maker][] = [
  ["aws-access-key-id", "AWS_ACCESS_KEY_ID", (r) => `${r.pick(["AKIA", "ASIA"])}${r.chars(UPPER + DIGITS, 16)}`],
  ["gcp-api-key", "GOOGLE_API_KEY", (r) => `AIza${r.chars(TOKEN_CHARS, 35)}`],
  ["google-oauth-client-secret", "GOOGLE_CLIENT_SECRET", (r) => `GOCSPX-${r.chars(TOKEN_CHARS, 28)}`],
  ["google-oauth-token", "GOOGLE_ACCESS_TOKEN", (r) => `ya29.a0${r.chars(TOKEN_CHARS, 150)}`],
  [
    "azure-ad-client-secret",
    "AZURE_CLIENT_SECRET",
    (r) => `${r.alnum(3)}${r.int(0, 9)}Q~${r.chars(ALNUM + "_~.-", 33)}${r.alnum(1)}`,
  ],
  ["github-token", "GITHUB_TOKEN", (r) => `${r.pick(["ghp_", "gho_", "ghs_", "ghu_"])}${r.alnum(36)}`],
  ["github-fine-grained-token", "GH_TOKEN", (r) => `github_pat_${r.alnum(22)}_${r.alnum(59)}`],
  ["gitlab-token", "GITLAB_TOKEN", (r) => `${r.pick(["glpat-", "gldt-", "glrt-"])}${r.alnum(20)}`],
  [
    "slack-token",
    "SLACK_BOT_TOKEN",
    (r) => `${r.pick(["xoxb", "xoxp"])}-${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 13)}-${r.alnum(24)}`,
  ],
  [
    "slack-webhook",
    "SLACK_WEBHOOK_URL",
    (r) =>
      `https://hooks.slack.com/services/T${r.chars(UPPER + DIGITS, 10)}/B${r.chars(UPPER + DIGITS, 10)}/${r.alnum(24)}`,
  ],
  [
    "stripe-key",
    "STRIPE_SECRET_KEY",
    (r) => `${r.pick(["sk_live_", "rk_live_", "sk_test_"])}${r.alnum(r.pick([24, 99]))}`,
  ],
  ["stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET", (r) => `whsec_${r.alnum(32)}`],
  [
    "anthropic-api-key",
    "ANTHROPIC_API_KEY",
    (r) => `${r.pick(["sk-ant-api03-", "sk-ant-admin01-"])}${r.chars(TOKEN_CHARS, 93)}AA`,
  ],
  ["openrouter-api-key", "OPENROUTER_API_KEY", (r) => `sk-or-v1-${r.hex(64)}`],
  [
    "openai-api-key",
    "OPENAI_API_KEY",
    (r) =>
      r.pick([
        `sk-proj-${r.chars(TOKEN_CHARS, 156)}`,
        `sk-svcacct-${r.chars(TOKEN_CHARS, 120)}`,
        `sk-${r.alnum(20)}T3BlbkFJ${r.alnum(20)}`,
      ]),
  ],
  ["huggingface-token", "HF_TOKEN", (r) => `hf_${r.chars(UPPER + LOWER, 34)}`],
  ["groq-api-key", "GROQ_API_KEY", (r) => `gsk_${r.alnum(52)}`],
  ["xai-api-key", "XAI_API_KEY", (r) => `xai-${r.alnum(80)}`],
  ["perplexity-api-key", "PERPLEXITY_API_KEY", (r) => `pplx-${r.alnum(48)}`],
  ["replicate-api-token", "REPLICATE_API_TOKEN", (r) => `r8_${r.alnum(37)}`],
  ["npm-token", "NPM_TOKEN", (r) => `npm_${r.alnum(36)}`],
  ["pypi-token", "TWINE_PASSWORD", (r) => `pypi-AgEIcHlwaS5vcmc${r.chars(TOKEN_CHARS, 120)}`],
  ["twilio-api-key", "TWILIO_API_KEY", (r) => `SK${r.hex(32)}`],
  ["twilio-account-sid", "TWILIO_ACCOUNT_SID", (r) => `AC${r.hex(32)}`],
  ["sendgrid-api-key", "SENDGRID_API_KEY", (r) => `SG.${r.chars(TOKEN_CHARS, 22)}.${r.chars(TOKEN_CHARS, 43)}`],
  ["mailgun-api-key", "MAILGUN_API_KEY", (r) => `key-${r.hex(32)}`],
  ["jwt", "SESSION_TOKEN", jwt],
  ["shopify-token", "SHOPIFY_ACCESS_TOKEN", (r) => `${r.pick(["shpat_", "shpss_"])}${r.hex(32)}`],
  ["digitalocean-token", "DIGITALOCEAN_TOKEN", (r) => `dop_v1_${r.hex(64)}`],
  ["heroku-api-key", "HEROKU_API_KEY", (r) => `HRKU-AA${r.chars(TOKEN_CHARS, 58)}`],
  ["new-relic-key", "NEW_RELIC_API_KEY", (r) => `NRAK-${r.chars(UPPER + DIGITS, 27)}`],
  ["linear-api-key", "LINEAR_API_KEY", (r) => `lin_api_${r.alnum(40)}`],
  ["doppler-token", "DOPPLER_TOKEN", (r) => `dp.pt.${r.alnum(43)}`],
  ["vault-token", "VAULT_TOKEN", (r) => `hvs.CAESI${r.chars(TOKEN_CHARS, 86)}`],
  ["databricks-token", "DATABRICKS_TOKEN", (r) => `dapi${r.hex(32)}`],
  [
    "atlassian-api-token",
    "JIRA_API_TOKEN",
    (r) => `ATATT3xFfGF0${r.chars(TOKEN_CHARS, 170)}=${r.hex(8).toUpperCase()}`,
  ],
  ["discord-bot-token", "DISCORD_BOT_TOKEN", discordBotToken],
  [
    "discord-webhook",
    "DISCORD_WEBHOOK_URL",
    (r) => `https://discord.com/api/webhooks/1${r.chars(DIGITS, 18)}/${r.chars(TOKEN_CHARS, 67)}${r.alnum(1)}`,
  ],
  ["telegram-bot-token", "TELEGRAM_BOT_TOKEN", (r) => `${r.int(1e9, 8e9)}:AA${r.chars(TOKEN_CHARS, 32)}${r.alnum(1)}`],
  [
    "square-token",
    "SQUARE_ACCESS_TOKEN",
    (r) => r.pick([`EAAA${r.chars(TOKEN_CHARS, 59)}${r.alnum(1)}`, `sq0atp-${r.chars(TOKEN_CHARS, 21)}${r.alnum(1)}`]),
  ],
  [
    "mapbox-token",
    "MAPBOX_SECRET_TOKEN",
    (r) => `sk.eyJ1IjoiZGV2LXRlYW0iLCJhIjoi${r.alnum(24)}In0.${r.chars(TOKEN_CHARS, 21)}${r.alnum(1)}`,
  ],
  [
    "sentry-token",
    "SENTRY_AUTH_TOKEN",
    (r) => r.pick([`sntrys_eyJpYXQiOjE3MTAwMDAwMDB9_${r.chars(ALNUM + "+/", 60)}`, `sntryu_${r.hex(64)}`]),
  ],
  ["docker-hub-token", "DOCKERHUB_TOKEN", (r) => `dckr_pat_${r.chars(TOKEN_CHARS, 26)}${r.alnum(1)}`],
  ["grafana-token", "GRAFANA_SERVICE_ACCOUNT_TOKEN", (r) => `glsa_${r.alnum(32)}_${r.hex(8)}`],
  ["postman-api-key", "POSTMAN_API_KEY", (r) => `PMAK-${r.hex(24)}-${r.hex(34)}`],
  ["planetscale-token", "PLANETSCALE_SERVICE_TOKEN", (r) => `pscale_tkn_${r.chars(TOKEN_CHARS, 42)}${r.alnum(1)}`],
  ["supabase-token", "SUPABASE_ACCESS_TOKEN", (r) => `sbp_${r.hex(40)}`],
  ["age-secret-key", "SOPS_AGE_KEY", (r) => `AGE-SECRET-KEY-1${r.chars("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`],
  ["pulumi-token", "PULUMI_ACCESS_TOKEN", (r) => `pul-${r.hex(40)}`],
  ["terraform-cloud-token", "TFE_TOKEN", (r) => `${r.alnum(14)}.atlasv1.${r.chars(TOKEN_CHARS, 66)}${r.alnum(1)}`],
  ["notion-token", "NOTION_TOKEN", (r) => `ntn_${r.alnum(46)}`],
  ["langsmith-api-key", "LANGSMITH_API_KEY", (r) => `lsv2_pt_${r.hex(32)}_${r.hex(10)}`],
];

type Context = (name: string, secret: string) => string;

/** Places where a token with a known format turns up without any credential word beside it. */
const BARE: readonly Context[] = [
  (_, s) => `Weird, the one from the dashboard (${s}) works with curl but not from the worker. Any idea?`,
  (_, s) => `2024-06-03T08:14:22.511Z warn  [sync] upstream rejected credential ${s} with 401, retrying in 30s`,
  (_, s) => `I rotated it yesterday, the new one is ${s}\nbut the old one still shows as active in the UI.`,
  (_, s) => `| env     | value |\n|---------|-------|\n| staging | ${s} |\n| prod    | (same as staging) |`,
];

/** Places where the token is assigned to its usual variable. */
const KEYED: readonly Context[] = [
  (n, s) => `# .env.production\nNODE_ENV=production\n${n}=${s}\nLOG_LEVEL=info\n`,
  (n, s) =>
    `I keep getting 401 Unauthorized. This is what I run:\n\n\`\`\`sh\nexport ${n}="${s}"\nnpm run deploy\n\`\`\`\n\nWhat am I missing?`,
  (n, s) => `{\n  "region": "eu-west-1",\n  "${camel(n)}": "${s}",\n  "retries": 3\n}`,
  (n, s) => `const client = createClient({\n  ${camel(n)}: "${s}",\n  timeout: 10_000,\n});`,
  (n, s) => `services:\n  worker:\n    image: ghcr.io/acme/worker:1.8.2\n    environment:\n      ${n}: ${s}\n`,
  (n, s) => `import os\n\nclient = Client(${n.toLowerCase()}="${s}")  # TODO: read from the environment\n`,
  (n, s) => `- name: Deploy\n  run: ./scripts/deploy.sh\n  env:\n    ${n}: "${s}"\n`,
];

function providerEntries(random: Random): PlantedEntry[] {
  const entries: PlantedEntry[] = [];
  PROVIDERS.forEach(([family, name, make], index) => {
    const accept = family === "jwt" ? ["credential-assignment", "bearer-token"] : undefined;
    const contexts = [BARE[index % BARE.length], KEYED[index % KEYED.length], KEYED[(index + 3) % KEYED.length]];
    for (const context of contexts) {
      const token = make(random);
      // A webhook URL's secret is its host and path; the scheme stays visible after redaction.
      const secret = token.replace(/^https:\/\//, "");
      if (context !== undefined)
        entries.push({ family, ...(accept ? { accept } : {}), secret, text: context(name, token) });
    }
  });
  return entries;
}

function password(random: Random): string {
  return random.pick([
    `${random.pick(["Summer", "Orange", "Falcon", "Harbor"])}${random.int(10, 99)}${random.pick(["!", "#", "$", "%"])}${random.alnum(4)}`,
    random.chars(ALNUM + "!#%^*-_", 18),
    `${random.pick(["tangerine", "copper", "glacier"])}-${random.pick(["walrus", "lantern", "meadow"])}-${random.int(100, 999)}`,
  ]);
}

function keyedProviderEntries(random: Random): PlantedEntry[] {
  const make = (family: string, secret: string, text: string): PlantedEntry => ({ family, secret, text });
  const awsSecret = (): string => random.chars(ALNUM + "/+", 40);
  return [
    ((s) => make("aws-secret-access-key", s, `[default]\nregion = us-east-1\naws_secret_access_key = ${s}\n`))(
      awsSecret(),
    ),
    ((s) => make("aws-secret-access-key", s, `export AWS_SECRET_ACCESS_KEY=${s}\naws s3 ls s3://build-artifacts/`))(
      awsSecret(),
    ),
    ((s) =>
      make(
        "aws-secret-access-key",
        s,
        `$ aws sts get-session-token\n{\n    "Credentials": {\n        "SecretAccessKey": "${s}",\n        "Expiration": "2024-07-01T12:00:00Z"\n    }\n}`,
      ))(awsSecret()),
    ((s) => make("datadog-api-key", s, `DD_API_KEY=${s}\nDD_SITE=datadoghq.eu`))(random.hex(32)),
    ((s) =>
      make(
        "datadog-api-key",
        s,
        `helm install datadog-agent --set datadog.site=datadoghq.com \\\n  --set DATADOG_APP_KEY=${s}`,
      ))(random.hex(40)),
    ((s) => make("heroku-api-key", s, `heroku config is fine, but the CLI fails with HEROKU_API_KEY=${s} set`))(
      random.uuid(),
    ),
    ((s) => make("cohere-api-key", s, `co = cohere.Client()  # picks up COHERE_API_KEY\nCOHERE_API_KEY=${s}`))(
      random.alnum(40),
    ),
    ((s) => make("mistral-api-key", s, `MISTRAL_API_KEY="${s}" python chat.py`))(random.alnum(32)),
    ((s) => make("twilio-auth-token", s, `TWILIO_AUTH_TOKEN=${s}\nTWILIO_FROM=+15005550006`))(random.hex(32)),
  ];
}

function pem(label: string, random: Random, bytes: number): { block: string; line: string } {
  const body = wrap64(random.base64(bytes));
  return { block: `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`, line: body.split("\n")[1] ?? body };
}

function containerEntries(random: Random): PlantedEntry[] {
  const entries: PlantedEntry[] = [];
  const labels = [
    "RSA PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "EC PRIVATE KEY",
    "PRIVATE KEY",
    "ENCRYPTED PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
  ];
  const intros = [
    (b: string) => `here's the deploy key from the server, is the format right?\n\n${b}\n`,
    (b: string) => `$ cat ~/.ssh/id_deploy\n${b}\n$ ssh -i ~/.ssh/id_deploy git@git.internal`,
    (b: string) => `apiVersion: v1\nkind: Secret\nstringData:\n  tls.key: |\n    ${b.replaceAll("\n", "\n    ")}\n`,
  ];
  labels.forEach((label, index) => {
    const { block, line } = pem(label, random, 400 + index * 100);
    entries.push({ family: "private-key", secret: line, text: (intros[index % intros.length] ?? intros[0]!)(block) });
  });
  for (let index = 0; index < 3; index += 1) {
    const body = wrap64(random.base64(900));
    const key = `-----BEGIN PRIVATE KEY-----\\n${body.replaceAll("\n", "\\n")}\\n-----END PRIVATE KEY-----\\n`;
    const json = `{\n  "type": "service_account",\n  "project_id": "acme-prod-${random.int(100, 999)}",\n  "private_key_id": "${random.hex(40)}",\n  "private_key": "${key}",\n  "client_email": "ci-runner@acme-prod.iam.gserviceaccount.com",\n  "client_id": "${random.chars(DIGITS, 21)}",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}`;
    const text = index === 0 ? json : `Terraform says the credentials are invalid. This is credentials.json:\n${json}`;
    entries.push({ family: "gcp-service-account", secret: body.split("\n")[2] ?? body, text });
  }
  return entries;
}

function contextEntries(random: Random): PlantedEntry[] {
  const entries: PlantedEntry[] = [];
  const add = (family: string, secret: string, text: string): void => {
    entries.push({ family, secret, text });
  };
  const urls: ((p: string) => string)[] = [
    (p) => `DATABASE_URL=postgres://app:${p}@db.internal:5432/app?sslmode=require`,
    (p) => `mongoose.connect("mongodb+srv://admin:${p}@cluster0.ab1cd.mongodb.net/shop")`,
    (p) => `REDIS_URL=redis://:${p}@cache-01:6379/0`,
    (p) => `amqp://worker:${p}@rabbitmq.svc.cluster.local:5672/%2F is what the consumer uses`,
    (p) => `git remote set-url origin https://deploy-bot:${p}@git.acme.dev/platform/api.git`,
    (p) => `jdbc:mysql://reporting:${p}@10.0.4.12:3306/warehouse`,
  ];
  for (const url of urls) {
    const secret = random.pick([password(random), random.alnum(24)]);
    add("url-credentials", secret, url(secret));
  }
  for (let index = 0; index < 2; index += 1) {
    const key = random.hex(32);
    add(
      "sentry-dsn",
      key,
      `SENTRY_DSN=https://${key}@o${random.int(100000, 999999)}.ingest.sentry.io/${random.int(1000000, 9999999)}`,
    );
  }
  const assignments: ((s: string) => string)[] = [
    (s) => `# .env\nDB_HOST=localhost\nDB_PASSWORD=${s}\n`,
    (s) => `spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.password=${s}`,
    (s) => `services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: "${s}"\n`,
    (s) => `{"username": "admin", "password": "${s}"}`,
    (s) => `conn = psycopg2.connect(host="db", user="app", password="${s}")`,
    (s) => `mysql --user=root --password=${s} app < dump.sql`,
    (s) => `<server>\n  <id>nexus</id>\n  <username>deployer</username>\n  <password>${s}</password>\n</server>`,
    (s) => `define('DB_PASSWORD', '${s}');`,
    (s) => `Server=tcp:sql.internal,1433;Database=app;User Id=sa;Password=${s};Encrypt=true`,
    (s) => `PGPASSWORD=${s} psql -h db -U app -c 'select 1'`,
    (s) => `docker run -d -e POSTGRES_PASSWORD=${s} -p 5432:5432 postgres:16`,
    (s) => `resource "azurerm_linux_virtual_machine" "vm" {\n  admin_password = "${s}"\n}`,
    (s) => `apiVersion: v1\nkind: Secret\nstringData:\n  password: ${s}\n`,
    (s) => `Hi team, the staging admin login is\nUser: ops\nPassword: ${s}\nplease don't share it outside.`,
    (s) => `config["smtp_password"] = "${s}"`,
    (s) => `passphrase: "${s}"`,
  ];
  for (const assignment of assignments) {
    const secret = password(random);
    add("credential-assignment", secret, assignment(secret));
  }
  add("credential-assignment", "changeme", "DB_PASS=changeme\nDB_USER=app");
  const tokens: ((s: string) => string)[] = [
    (s) => `SECRET_KEY = 'django-insecure-${s}'`,
    (s) => `production:\n  secret_key_base: ${s}`,
    (s) => `oauth:\n  client_id: web-frontend\n  client_secret: ${s}\n`,
    (s) => `const res = await fetch(url, { headers: { "X-API-Key": "${s}" } });`,
    (s) => `//npm.pkg.github.com/:_authToken=${s}`,
    (s) => `[tool.poetry.http-basic.internal]\napi_token = "${s}"`,
    (s) => `vercel deploy --prod --token ${s}`,
    (s) => `os.environ["SERVICE_AUTH_TOKEN"] = "${s}"`,
    (s) => `auth_token: "${s}"`,
  ];
  for (const token of tokens) {
    const secret = random.pick([random.alnum(32), random.hex(48), random.chars(TOKEN_CHARS, 40)]);
    add("credential-assignment", secret, token(secret));
  }
  const bearers: ((s: string) => string)[] = [
    (s) => `curl -s https://api.internal.acme.dev/v2/jobs -H "Authorization: Bearer ${s}" | jq .`,
    (s) => `GET /v1/me HTTP/1.1\nHost: api.acme.dev\nAuthorization: Bearer ${s}\nAccept: application/json`,
    (s) => `const res = await fetch(url, {\n  headers: { Authorization: "Bearer ${s}" },\n});`,
    (s) => `http GET :8000/api/orders/ "Authorization: Token ${s}"`,
    (s) => `It works when I paste Bearer ${s} into Postman but not from the app.`,
  ];
  for (const bearer of bearers) {
    const secret = random.pick([random.alnum(40), random.chars(TOKEN_CHARS, 48)]);
    add("bearer-token", secret, bearer(secret));
  }
  const basics: ((s: string) => string)[] = [
    (s) => `Authorization: Basic ${s}`,
    (s) => `curl -H "Authorization: Basic ${s}" https://registry.acme.dev/v2/_catalog`,
    (s) => `headers = {"Authorization": "Basic ${s}"}`,
  ];
  for (const basic of basics) {
    const secret = Buffer.from(`${random.pick(["ci", "admin", "deploy"])}:${password(random)}`).toString("base64");
    add("basic-auth", secret, basic(secret));
  }
  const entropies: ((s: string) => string)[] = [
    (s) => `SIGNING_KEY=${s}`,
    (s) => `{"kid": "2024-05", "key": "${s}"}`,
    (s) => `my api key is ${s}, is it supposed to start like that?`,
    (s) => `encryption_key: ${s}`,
    (s) => `license_key = "${s}"`,
  ];
  for (const entropy of entropies) {
    const secret = random.pick([random.alnum(40), random.base64(32)]);
    add("high-entropy-token", secret, entropy(secret));
  }
  return entries;
}

/** Every planted entry, in a stable order. */
export function buildPlanted(random: Random): PlantedEntry[] {
  return [
    ...providerEntries(random),
    ...keyedProviderEntries(random),
    ...containerEntries(random),
    ...contextEntries(random),
  ];
}
