// Builders for benign.json: look-alikes that must not be reported (hashes, ids, encoded data, references, code).
import { ALNUM, BASE64URL, DIGITS, LOWER, wrap64 } from "./random.ts";
import type { Random } from "./random.ts";

export interface BenignEntry {
  category: string;
  text: string;
}

type Maker = (random: Random) => string;

const WORDS = [
  "cache",
  "retry",
  "parser",
  "worker",
  "session",
  "billing",
  "search",
  "upload",
  "queue",
  "schema",
  "router",
  "index",
];

function sha(random: Random): string {
  return random.hex(40);
}

/** [category, makers]: each maker is called repeatedly with fresh random parts. */
const CATEGORIES: readonly [string, readonly Maker[]][] = [
  [
    "git-sha",
    [
      (r) => `Fixed in commit ${sha(r)}, can you rebase on top of it?`,
      (r) => `git cherry-pick ${sha(r)}\ngit push origin HEAD:release/2.${r.int(0, 9)}`,
      (r) => `The regression was introduced between ${r.hex(7)} and ${r.hex(7)} (bisect says ${sha(r)}).`,
      (r) =>
        `commit ${sha(r)}\nAuthor: Dana Reyes <dana@acme.dev>\nDate:   Tue Jun 4 10:12:00 2024 +0200\n\n    Fix token refresh race`,
      (r) => `- uses: actions/checkout@${sha(r)} # v4.1.${r.int(0, 7)}`,
    ],
  ],
  [
    "uuid",
    [
      (r) => `request_id=${r.uuid()} status=500 path=/api/v1/orders`,
      (r) => `{"id": "${r.uuid()}", "name": "${r.pick(WORDS)}", "createdAt": "2024-05-01T10:00:00Z"}`,
      (r) => `Trace ${r.uuid()} shows the ${r.pick(WORDS)} span taking 4.2s.`,
      (r) => `INSERT INTO accounts (id, plan) VALUES ('${r.uuid()}', 'pro');`,
      (r) => `"key": "${r.uuid()}"`,
    ],
  ],
  [
    "sha256",
    [
      (r) => `${r.hex(64)}  node-v22.4.0-linux-x64.tar.xz`,
      (r) => `checksum = "${r.hex(64)}"`,
      (r) => `Expected sha256 ${r.hex(64)} but got ${r.hex(64)}.`,
      (r) => `{"file": "dist/app.js", "hash": "${r.hex(64)}"}`,
      (r) => `cache key: ${r.hex(64)}`,
      (r) => `assert.equal(sha256Hex("abc"), "${r.hex(64)}");`,
    ],
  ],
  [
    "data-uri",
    [
      (r) => `<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${r.base64(r.int(120, 900))}">`,
      (r) => `background-image: url("data:image/png;base64,iVBORw0KGgo${r.base64(r.int(200, 600))}");`,
      (r) => `const icon = "data:image/svg+xml;base64,PHN2ZyB4bWxucz0i${r.base64(r.int(100, 400))}";`,
      (r) => `![screenshot](data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ${r.base64(r.int(300, 1200))})`,
    ],
  ],
  [
    "minified-js",
    [
      (r) =>
        `!function(e,t){"object"==typeof exports?module.exports=t():e.${r.pick(WORDS)}=t()}(this,function(){var e=function(e){return e.token?{Authorization:"Bearer "+e.token}:{}};return{headers:e,key:"${r.pick(WORDS)}"}});`,
      (r) =>
        `var n=r(${r.int(10, 999)}),o=n.apiKey||"",i=function(t){return t.password&&t.password.length>7};e.exports={check:i,key:o};`,
      (r) =>
        `function a(e){const t=e.auth||{};return fetch(e.url,{credentials:"include",headers:{"x-${r.pick(WORDS)}":t.id}})}`,
      (r) =>
        `const{token:e,refreshToken:t}=await n.post("/auth/refresh",{grant_type:"refresh_token"});localStorage.setItem("t_${r.hex(6)}",e);`,
      (r) =>
        `//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpb${r.base64(r.int(80, 300))}`,
      (r) =>
        `webpackJsonp([${r.int(1, 99)}],{${r.int(100, 999)}:function(e,t,n){"use strict";var r=n("${r.hex(20)}");t.a=r}});`,
    ],
  ],
  [
    "package-lock",
    [
      (r) => `"integrity": "sha512-${r.base64(64)}",`,
      (r) =>
        `"node_modules/${r.pick(WORDS)}-${r.pick(WORDS)}": {\n  "version": "${r.int(0, 9)}.${r.int(0, 30)}.${r.int(0, 20)}",\n  "resolved": "https://registry.npmjs.org/${r.pick(WORDS)}/-/${r.pick(WORDS)}-1.2.3.tgz",\n  "integrity": "sha512-${r.base64(64)}"\n}`,
      (r) => `  resolution: "${r.pick(WORDS)}@npm:4.1.${r.int(0, 9)}"\n  checksum: 10c0/${r.hex(128)}`,
      (r) => `"integrity": "sha1-${r.base64(20)}"`,
    ],
  ],
  [
    "long-test-string",
    [
      (r) => `assert.equal(pad(""), "${"a".repeat(r.int(64, 400))}");`,
      (r) => `const fixture = "${"lorem ipsum dolor sit amet ".repeat(r.int(4, 20))}";`,
      (r) => `expect(encode(input)).toBe("${r.chars(LOWER, r.int(40, 120))}");`,
      (r) =>
        `it("handles a long token-like identifier", () => { parse("${r.pick(WORDS)}_${r.chars(LOWER + "_", 60)}"); });`,
      (r) => `const input = "${"0123456789".repeat(r.int(5, 30))}";`,
    ],
  ],
  [
    "css-hash",
    [
      (r) => `.css-${r.chars(LOWER + DIGITS, 7)}{display:flex;gap:8px}`,
      (r) => `<div class="sc-${r.chars(ALNUM, 5)} ${r.chars(ALNUM, 6)}">`,
      (r) => `<link rel="stylesheet" href="/static/css/main.${r.hex(8)}.chunk.css">`,
      (r) => `._${r.pick(WORDS)}_${r.chars(LOWER + DIGITS, 5)}_${r.int(1, 99)} { color: #${r.hex(6)}; }`,
      (r) => `<script src="/assets/index-${r.chars(BASE64URL, 8)}.js" type="module"></script>`,
    ],
  ],
  [
    "semver",
    [
      (r) =>
        `Bumped typescript from ${r.int(4, 5)}.${r.int(0, 9)}.${r.int(0, 9)} to 5.${r.int(0, 9)}.${r.int(0, 9)}-beta.${r.int(1, 5)}+build.${r.int(1000, 9999)}`,
      (r) =>
        `"dependencies": { "${r.pick(WORDS)}": "^${r.int(1, 12)}.${r.int(0, 40)}.${r.int(0, 20)}", "fastify": "~4.${r.int(0, 28)}.0" }`,
      (r) =>
        `Node ${r.int(18, 22)}.${r.int(0, 20)}.${r.int(0, 9)} and npm ${r.int(8, 10)}.${r.int(0, 9)}.${r.int(0, 9)} are installed.`,
    ],
  ],
  [
    "file-path",
    [
      (r) =>
        `Error: ENOENT: no such file or directory, open '/home/dev/projects/${r.pick(WORDS)}/src/auth/token-store.ts'`,
      (r) => `C:\\Users\\dev\\AppData\\Local\\${r.pick(WORDS)}\\Cache\\${r.hex(16)}\\index.json`,
      (r) => `see packages/protocol/src/secrets/key-name.ts:${r.int(1, 200)}:${r.int(1, 80)}`,
      (r) =>
        `at AuthTokenProvider (/app/node_modules/@acme/${r.pick(WORDS)}/dist/index.js:${r.int(1, 9999)}:${r.int(1, 99)})`,
    ],
  ],
  [
    "docker-digest",
    [
      (r) => `FROM node:22-alpine@sha256:${r.hex(64)}`,
      (r) => `image: ghcr.io/acme/${r.pick(WORDS)}@sha256:${r.hex(64)}`,
      (r) => `Digest: sha256:${r.hex(64)}\nStatus: Downloaded newer image for postgres:16`,
    ],
  ],
  [
    "aws-documented-example",
    [
      () => `aws_access_key_id = AKIAIOSFODNN7EXAMPLE`,
      () => `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
      () =>
        `export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nexport AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
    ],
  ],
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
