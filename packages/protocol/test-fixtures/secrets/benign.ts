// Builders for benign.json: look-alikes that must not be reported (hashes, ids, encoded data, references, code).
import { BASE64URL, wrap64 } from "./random.ts";
import type { Random } from "./random.ts";
import { type BenignCategory, IDENTIFIER_CATEGORIES, WORDS } from "./benign-identifiers.ts";

export interface BenignEntry {
  category: string;
  text: string;
}

/** [category, makers]: each maker is called repeatedly with fresh random parts. */
const CATEGORIES: readonly BenignCategory[] = [
  ...IDENTIFIER_CATEGORIES,
  [
    "reference",
    [
      (r) =>
        `${r.pick(["TOKEN", "API_KEY", "DB_PASSWORD", "GITHUB_TOKEN"])}=\${${r.pick(["TOKEN", "API_KEY", "DB_PASSWORD", "GITHUB_TOKEN"])}}`,
      (r) => `      GITHUB_TOKEN: \${{ secrets.${r.pick(["GITHUB_TOKEN", "NPM_TOKEN", "DEPLOY_KEY"])} }}`,
      () => `token = os.environ["API_TOKEN"]`,
      () => `apiKey: process.env.OPENAI_API_KEY,`,
      () => `password = ENV.fetch("DB_PASSWORD")`,
      () => `db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256`,
      () => `password: "{{ vault_db_password }}"`,
      () => `SECRET="<your-secret-here>"`,
      () => `OPENAI_API_KEY=your_api_key_here`,
      () => `token: "***"`,
      () => `password: xxxxxxxx`,
      () => `"api_key": "<API_KEY>"`,
      () => `API_KEY=$API_KEY npm start`,
      () => `export NPM_TOKEN=$(op read op://dev/npm/token)`,
      () => `password = "REPLACE_ME"`,
      () => `DATABASE_URL=postgres://app:\${DB_PASSWORD}@db:5432/app`,
      () => `auth_token = getenv("AUTH_TOKEN")`,
      () => `    secret: \${{ secrets.AWS_SECRET_ACCESS_KEY }}`,
    ],
  ],
  [
    "empty-value",
    [() => `password: ""`, () => `PASSWORD=`, () => `api_key = ''`, () => `"token": null,`, () => `secret: ~`],
  ],
  [
    "code",
    [
      () => `const password = getPassword();`,
      () => `password = input("Password: ")`,
      () => `if (!token) throw new Error("missing token");`,
      () => `def authenticate(username: str, password: str) -> bool:`,
      () => `interface Session {\n  token: string;\n  refreshToken?: string;\n}`,
      () => `private readonly apiKey: string;`,
      () => `max_tokens: 4096,`,
      () => `token_count = len(tokens)`,
      () => `self.password = password`,
      () => `user.password_hash = bcrypt.hashpw(pw, bcrypt.gensalt())`,
      () => `const { token } = await login(credentials);`,
      () => "headers: { Authorization: `Bearer ${token}` },",
      () => `headers["Authorization"] = "Bearer " + token`,
      () => `secretName: db-credentials`,
      () => `valueFrom:\n  secretKeyRef:\n    name: db\n    key: password`,
      (r) => `<Item key={item.id} label="${r.pick(WORDS)}" />`,
      () => "const key = `user:${id}:profile`;",
      () => `cacheKey = hash(url)`,
      () => `auth: { user, pass },`,
      () => `credentials: "include",`,
      () => `auth_type: "oauth2"`,
      () => `token_endpoint: https://login.acme.dev/oauth2/token`,
      () => `tokenizer = AutoTokenizer.from_pretrained("gpt2")`,
      () => `app.use(passport.authenticate("jwt", { session: false }));`,
      () => `let password = prompt_password("Password: ")?;`,
      () => `password: z.string().min(12),`,
      () => `token = token.strip()`,
      () => `if password == confirm_password:`,
      () => `const auth = new GoogleAuth({ scopes });`,
      () => `secret = secrets.token_hex(32)`,
      () => `Password string \`json:"password"\``,
      () => `func (c *Client) SetToken(token string) { c.token = token }`,
      () => `public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq5aXk9pV3sW4vC8yBz2nR1tU6oP0mL7kJ3hG2fD1sA deploy@ci`,
      () => `password: Optional[str] = None`,
      () => `passwordInput.addEventListener("change", validate);`,
    ],
  ],
  [
    "ui-string",
    [
      () => `<input type="password" name="password" placeholder="Enter your password" />`,
      () => `label: "Password",`,
      () => `read -rsp "Password: " PASSWORD; echo "ok"`,
      () => `pw = getpass.getpass("Password: "); user = input("User: ")`,
      () => `"password": "password",`,
      () => `'token': token,`,
      () => `| OPENAI_API_KEY | Your OpenAI key, see the dashboard |`,
      () => `Tokens: 1,234 / 4,096`,
      () => `"password_min_length": 12,`,
      () => `auth: true`,
      () => `PASSWORD_RESET_URL=https://app.acme.dev/reset`,
      () => `apiKey?: string | undefined;`,
      () => `"secret": false,`,
      () => `token: Token;`,
      () => `WWW-Authenticate: Bearer realm="api", error="invalid_token"`,
      () => `connect(host, password=None, timeout=5)`,
      () => `token=abc123`,
      () => `toast.error("Invalid password: " + reason)`,
      () => `throw new Error(\`token: \${String(err)}\`);`,
      () => `secret_names = ["db", "cache"]`,
    ],
  ],
  [
    "public-key",
    [
      (r) => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.base64(32)} dev@laptop`,
      (r) => `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${r.base64(256)} ci@runner`,
      (r) => `-----BEGIN PUBLIC KEY-----\n${wrap64(r.base64(294))}\n-----END PUBLIC KEY-----`,
      (r) => `-----BEGIN CERTIFICATE-----\n${wrap64(r.base64(700))}\n-----END CERTIFICATE-----`,
      () => `-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----`,
      () => `Paste the key between -----BEGIN OPENSSH PRIVATE KEY----- and the END line; never commit it.`,
    ],
  ],
  [
    "url",
    [
      (r) => `https://github.com/acme/${r.pick(WORDS)}/blob/main/README.md#L${r.int(1, 300)}`,
      () => `postgres://localhost:5432/app`,
      () => `ssh://git@github.com/acme/api.git`,
      () => `postgres://user:password@localhost:5432/mydb`,
      (r) =>
        `https://accounts.acme.dev/oauth/authorize?response_type=code&client_id=web&state=${r.alnum(24)}&redirect_uri=https%3A%2F%2Fapp.acme.dev%2Fcb`,
      (r) => `https://cdn.acme.dev/assets/${r.hex(32)}/bundle.js?v=${r.hex(8)}`,
      () => `mailto:dana@acme.dev?subject=token%20rotation`,
      (r) => `https://user@${r.pick(WORDS)}.acme.dev/path`,
    ],
  ],
  [
    "prose",
    [
      () => `Rotate the API key every 90 days; the token itself is kept in the OS keychain, never in the repo.`,
      () => `Use a Bearer token in the Authorization header. The password field is hashed with argon2id.`,
      () => `If the secret is missing, the server refuses to start and prints which key was not set.`,
      () => `Your token has expired. Please sign in again to continue.`,
      () => `The basic auth flow is deprecated; use the device code flow instead.`,
      () => `We store only a SHA-256 of each API key, so a leaked database does not leak credentials.`,
      () => `Passwords must be at least 12 characters and the key derivation uses scrypt.`,
    ],
  ],
  [
    "jwt-like",
    [
      (r) => `The header decodes from eyJhbGciOiJSUzI1NiIsImtpZCI6I${r.chars(BASE64URL, 12)} but the rest is missing.`,
      (r) => `config=eyJ${r.chars(BASE64URL, 40)}`,
      () => `JWTs start with eyJ because base64 of {" is eyJ.`,
    ],
  ],
  [
    "identifier",
    [
      (r) => `getUserAccountSettingsHandlerFactory${r.pick(WORDS)}Provider is too long a name`,
      (r) => `const ${r.pick(WORDS)}TokenRefreshIntervalMilliseconds = 30_000;`,
      (r) => `class AbstractSingleton${r.pick(["Proxy", "Bean", "Factory"])}AuthenticationTokenResolver {}`,
      () => `Pneumonoultramicroscopicsilicovolcanoconiosis is a long word.`,
    ],
  ],
  [
    "log-line",
    [
      (r) =>
        `${r.int(10, 23)}:${r.int(10, 59)}:${r.int(10, 59)} INFO  req_${r.alnum(24)} GET /api/items 200 ${r.int(1, 900)}ms`,
      (r) => `[${r.hex(8)}] worker ${r.int(1, 16)} picked job ${r.alnum(20)} from queue ${r.pick(WORDS)}`,
      (r) => `span_id=${r.hex(16)} trace_id=${r.hex(32)} msg="token refreshed" ttl=3600`,
      (r) =>
        `ip=10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(0, 255)} mac=${r.hex(2)}:${r.hex(2)}:${r.hex(2)}:${r.hex(2)}:${r.hex(2)}:${r.hex(2)}`,
      (r) => `idempotency_key=${r.uuid()} amount=${r.int(100, 99999)} currency=eur`,
    ],
  ],
];

/** `count` entries per category maker round-robin, at least one per maker. */
export function buildBenign(random: Random, perCategory: number): BenignEntry[] {
  const entries: BenignEntry[] = [];
  for (const [category, makers] of CATEGORIES) {
    const count = Math.max(perCategory, makers.length);
    for (let index = 0; index < count; index += 1) {
      const maker = makers[index % makers.length];
      if (maker !== undefined) entries.push({ category, text: maker(random) });
    }
  }
  return entries;
}

export const BENIGN_CATEGORY_COUNT = CATEGORIES.length;
