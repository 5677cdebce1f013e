// Builders for planted.json: realistic snippets, each embedding exactly one synthetic secret.
import { ALNUM, DIGITS, wrap64 } from "./random.ts";
import type { Random } from "./random.ts";
import { PROVIDERS, TOKEN_CHARS } from "./planted-providers.ts";

export interface PlantedEntry {
  family: string;
  /** Other family names an overlapping detection may legitimately carry. */
  accept?: string[];
  /** The synthetic secret; it must be gone after redaction. */
  secret: string;
  text: string;
}

function camel(name: string): string {
  return name.toLowerCase().replace(/_([a-z])/g, (_, char: string) => char.toUpperCase());
}

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
  const add = (family: string, secret: string, text: string, accept?: string[]): void => {
    entries.push({ family, secret, text, ...(accept ? { accept } : {}) });
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
    // A Kubernetes Secret's values are all secrets, whatever their key: reported under that family when it wins.
    add("credential-assignment", secret, assignment(secret), ["kubernetes-secret"]);
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
    // `SIGNING_KEY`, `encryption_key`, `license_key` name credentials, so their values count as assignments too.
    add("high-entropy-token", secret, entropy(secret), ["credential-assignment"]);
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
