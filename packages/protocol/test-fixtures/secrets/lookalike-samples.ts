// Look-alikes that must not be flagged: masks and placeholders after a real provider prefix, credential words inside
// ordinary identifiers, code, lock-file hashes, ids and digests. Made at run time, several per kind.
import { ALNUM, DIGITS, HEX, LOWER, UPPER } from "./random.ts";
import type { Random } from "./random.ts";

type Make = (r: Random) => string;

const PREFIXES = [
  "ghp_",
  "sk-proj-",
  "sk_live_",
  "xoxb-",
  "glpat-",
  "npm_",
  "hf_",
  "AKIA",
  "AIza",
  "sk-ant-api03-",
  "github_pat_",
  "dop_v1_",
  "SG.",
  "pypi-",
  "shpat_",
  "lin_api_",
  "dckr_pat_",
  "sk-",
];
const ENV = [
  "OPENAI_API_KEY",
  "GITHUB_TOKEN",
  "STRIPE_SECRET_KEY",
  "SLACK_BOT_TOKEN",
  "NPM_TOKEN",
  "HF_TOKEN",
  "AWS_ACCESS_KEY_ID",
];

/** What people paste in place of the key: runs of one character, sequences, "your key here" words, ellipses. */
const MASKS: readonly Make[] = [
  (r) => "x".repeat(r.int(20, 40)),
  (r) => "X".repeat(r.int(20, 40)),
  (r) => "*".repeat(r.int(8, 30)),
  (r) => "#".repeat(r.int(8, 30)),
  (r) => "0".repeat(r.int(20, 36)),
  (r) => "1234567890".repeat(4).slice(0, r.int(20, 40)),
  (r) => "1".repeat(r.int(20, 40)),
  () => "abcdefghijklmnopqrstuvwxyz0123456789",
  () => "0123456789abcdef0123456789abcdef",
  (r) =>
    r.pick([
      "YourKeyHere",
      "YOUR_API_KEY_HERE",
      "your-token-here",
      "PutYourTokenHere",
      "InsertKeyHere",
      "yourSecretKeyGoesHere",
    ]),
  (r) => r.pick(["...", "…", "<redacted>", "[REDACTED]", "<token>", "{token}"]),
  (r) => `${r.alnum(4)}${"x".repeat(r.int(16, 30))}`,
  (r) => `${r.pick(["abc123", "test123", "demo"])}`,
  (_r) => "aAbBcC".repeat(6),
  (r) => `${"X".repeat(4)}-${"X".repeat(4)}-${"X".repeat(4)}-${r.pick(["XXXX", "1234"])}`,
];

const MASK_PLACES: readonly ((env: string, token: string) => string)[] = [
  (e, t) => `${e}=${t}`,
  (e, t) => `export ${e}="${t}"`,
  (_, t) => `Set the key (it looks like ${t}) in your shell profile.`,
  (e, t) => `  ${e.toLowerCase()}: "${t}"`,
];

const IDENTIFIERS: readonly Make[] = [
  () => `const jwt = require("jsonwebtoken");`,
  () => `import jsonwebtoken from "jsonwebtoken";`,
  (r) => `"jsonwebtoken": "^9.0.${r.int(0, 3)}",`,
  () => `npm install jsonwebtoken@9.0.2 bcryptjs`,
  (r) => `<meta name="csrf-token" content="${r.alnum(40)}">`,
  (r) => `csrf-token=${r.chars(`${ALNUM}-_`, 43)}; Path=/; SameSite=Strict`,
  (r) => `X-CSRF-Token: ${r.chars(`${ALNUM}+/=`, 44)}`,
  (r) => `xsrf_token = "${r.alnum(32)}"`,
  () => `key_down_event = on_key_down`,
  () => `key_down_event=KeyboardEvent.KEY_DOWN`,
  () => `on_key_press_event = handler`,
  (r) => `keyboard_layout=${r.pick(["us", "de", "fr"])}`,
  () => `from transformers import AutoTokenizer\ntokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")`,
  () => `const tokenizerConfig = { padToken: "<pad>", eosToken: "</s>" };`,
  () => `token_type_ids = inputs["token_type_ids"]`,
  () => `passport.use(new LocalStrategy(verify));`,
  () => `compass_heading = bearing(lat, lon)`,
  () => `bypass_cache=true`,
  () => `monkey_patch = True`,
  () => `secretary_name = "Dana"`,
  () => `author_name: Jane Doe`,
  () => `keyof typeof config`,
  () => `const primaryKey = "id";`,
  (r) => `cache_key = f"user:{user_id}:${r.pick(["profile", "feed"])}"`,
  () => `sort_key: created_at`,
  (r) => `idempotency_key = "${r.uuid()}"`,
  () => `ssh_key_path = "~/.ssh/id_ed25519"`,
  () => `public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v deploy"`,
  () => `password_min_length = 12`,
  () => `token_expiry_seconds=3600`,
  () => `max_tokens=4096`,
  () => `TOKEN_TYPE=Bearer`,
  () => `auth_method: oauth2`,
  () => `passwordless: true`,
  () => `apiKeyHeaderName = "X-API-Key"`,
  () => `getAccessTokenSilently()`,
  () => `AccessTokenProvider accessTokenProvider = new AccessTokenProvider();`,
  () => `var tokenSource = new CancellationTokenSource();`,
  () => `secretsManager = boto3.client("secretsmanager")`,
  () => `password_hash = argon2.hash(password)`,
  () => `refreshTokenRotation: "enabled",`,
  () => `key_vault_name = "kv-prod-weu"`,
  () => `TOKEN_ENDPOINT=https://login.acme.dev/oauth2/v2.0/token`,
];

const LOCKFILES: readonly Make[] = [
  (r) => `"integrity": "sha512-${r.base64(64)}"`,
  (r) => `checksum = "${r.hex(64)}"`,
  (r) =>
    `github.com/${r.pick(["spf13", "stretchr"])}/${r.pick(["cobra", "testify"])} v1.${r.int(1, 9)}.0 h1:${r.base64(32)}`,
  (r) => `    --hash=sha256:${r.hex(64)}`,
  (r) => `  resolved "https://registry.yarnpkg.com/${r.pick(["lodash", "react"])}/-/x-1.0.0.tgz#${r.hex(40)}"`,
  (r) => `"content-hash": "${r.hex(32)}",`,
  (r) => `    sha256 = "${r.hex(64)}",`,
];

const IDS: readonly Make[] = [
  (r) => `commit ${r.hex(40)}\nAuthor: Dev <dev@acme.dev>`,
  (r) => `git cherry-pick ${r.hex(7)}..${r.hex(7)}`,
  (r) => `request_id=${r.uuid()}`,
  (r) => `x-request-id: ${r.uuid()}`,
  (r) => `image: ghcr.io/acme/api@sha256:${r.hex(64)}`,
  (r) => `trace_id=${r.hex(32)} span_id=${r.hex(16)}`,
  (r) => `ETag: "${r.hex(32)}"`,
  (r) => `ObjectId("${r.hex(24)}")`,
  (r) => `snowflake id ${r.chars(DIGITS, 19)}`,
  (r) => `<script src="/static/js/main.${r.hex(8)}.js"></script>`,
  (r) => `className="${r.pick(["px-4", "py-2", "text-sm"])} ${r.pick(["bg-slate-900", "rounded-xl"])}"`,
  (r) => `color: #${r.hex(6)};`,
  (r) => `"version": "${r.int(0, 9)}.${r.int(0, 30)}.${r.int(0, 30)}"`,
  (r) => `session_id: ${r.uuid()}`,
  (r) => `nonce="${r.base64(16)}"`,
  (r) => `data:image/png;base64,${r.base64(r.int(120, 300))}`,
  (r) => `kid: ${r.chars(UPPER + DIGITS, 10)}`,
  (r) => `ARN: arn:aws:iam::${r.chars(DIGITS, 12)}:role/deploy`,
  (r) => `uuid = "${r.uuid()}"`,
  (r) => `const ${r.chars(LOWER, 8)} = ${r.chars(HEX, 6)};`,
];

/** [look-alike group, makers]. */
export const LOOKALIKE_GROUPS: readonly [string, readonly Make[]][] = [
  [
    "masked-after-prefix",
    MASKS.map((mask) => (r: Random) => r.pick(MASK_PLACES)(r.pick(ENV), `${r.pick(PREFIXES)}${mask(r)}`)),
  ],
  ["credential-word-in-identifier", IDENTIFIERS],
  ["lockfile-hash", LOCKFILES],
  ["id-or-digest", IDS],
];
