// Secrets that only their position reveals, in the shapes a word-based check mistakes for words or names, and the
// commands, headers and long values that carry them. Every value is made at run time.
import { ALNUM, DIGITS, LOWER, UPPER } from "./random.ts";
import type { Random } from "./random.ts";

export interface Sample {
  kind: string;
  /** The secret to look for (must be gone after redaction). */
  secret: string;
  text: string;
}

const TOKEN_KEYS = [
  "API_TOKEN",
  "AUTH_TOKEN",
  "ACCESS_TOKEN",
  "SERVICE_TOKEN",
  "BOT_TOKEN",
  "API_KEY",
  "CLIENT_SECRET",
];
const CONSONANT_HEAVY = "bcdfghjklmnpqrstvwxz";

/** A value of each shape the issue lists: lowercase random, all digits, mixed case without digits, upper and digits. */
export const SHAPES: readonly [string, (r: Random) => string][] = [
  ["lowercase random", (r) => r.chars(LOWER, r.int(16, 40))],
  ["lowercase consonant-heavy", (r) => r.chars(CONSONANT_HEAVY + "aeiou", r.int(20, 32))],
  ["all digits", (r) => `${r.int(1, 9)}${r.chars(DIGITS, r.int(9, 19))}`],
  ["mixed case no digit", (r) => r.chars(UPPER + LOWER, r.int(16, 48))],
  ["upper and digits", (r) => r.chars(UPPER + DIGITS, r.int(12, 40))],
  ["upper only", (r) => r.chars(UPPER, r.int(20, 32))],
  ["hex", (r) => r.hex(r.pick([24, 32, 40, 64]))],
  ["base64", (r) => r.base64(r.pick([24, 32, 48]))],
];

const PLACES: readonly ((key: string, value: string) => string)[] = [
  (k, v) => `${k}=${v}`,
  (k, v) => `export ${k}="${v}"`,
  (k, v) => `  ${k.toLowerCase()}: ${v}`,
  (k, v) => `{"${k.toLowerCase()}": "${v}"}`,
  (k, v) => `${k} = '${v}'`,
];

export function shapeSamples(r: Random): Sample[] {
  const samples: Sample[] = [];
  for (const [kind, make] of SHAPES) {
    for (const place of PLACES) {
      const value = make(r);
      samples.push({ kind, secret: value, text: place(r.pick(TOKEN_KEYS), value) });
    }
  }
  return samples;
}

function password(r: Random): string {
  return r.pick([r.chars(`${ALNUM}!#%*`, r.int(10, 20)), `${r.chars(LOWER, 8)}${r.int(10, 99)}`, r.alnum(16)]);
}

/** `curl -u user:pass`, Authorization headers of each scheme, base64-encoded JWTs, and other command lines. */
export function commandSamples(r: Random): Sample[] {
  const samples: Sample[] = [];
  const add = (kind: string, secret: string, text: string): void => {
    samples.push({ kind, secret, text });
  };
  for (let round = 0; round < 4; round += 1) {
    const pass = password(r);
    add("curl -u", pass, `curl -u ${r.pick(["admin", "ci", "deploy"])}:${pass} https://ci.acme.dev/api/json`);
    const pass2 = password(r);
    add("curl --user", pass2, `curl --user "jenkins:${pass2}" -X POST https://ci.acme.dev/job/build`);
    const token = r.alnum(r.int(24, 40));
    add("curl -u token:", token, `curl -u ${token}: https://api.stripe-like.dev/v1/charges`);
    const pair = r.pick([`user:${password(r)}`, `:${r.alnum(32)}`, `api:key-${r.hex(32)}`, r.alnum(40)]);
    const basic = Buffer.from(pair).toString("base64");
    add("basic header", basic, `curl -H "Authorization: Basic ${basic}" https://registry.acme.dev/v2/`);
    const basic2 = Buffer.from(`${r.pick(["svc", "bot"])}:${password(r)}`).toString("base64");
    add("basic header fetch", basic2, `headers: { authorization: 'Basic ${basic2}' },`);
    const jwt = `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(`{"sub":"${r.uuid()}","exp":${r.int(1.7e9, 1.9e9)}}`).toString("base64url")}.${r.chars(`${ALNUM}_-`, 86)}`;
    const b64 = Buffer.from(jwt).toString("base64");
    add("base64 jwt", b64, r.pick([`session=${b64}`, `the cookie value is ${b64}`, `"assertion": "${b64}"`]));
    const gh = r.alnum(40);
    add("token header", gh, `curl -H "Authorization: token ${gh}" https://api.github.com/user`);
    const priv = r.chars(`${ALNUM}_-`, 20);
    add("private-token header", priv, `curl --header "PRIVATE-TOKEN: ${priv}" https://gitlab.acme.dev/api/v4/projects`);
    const apiKey = r.alnum(32);
    add("x-api-key header", apiKey, `curl -H 'X-Api-Key: ${apiKey}' https://api.acme.dev/v1/items`);
    const dockerPass = password(r);
    add("docker login -p", dockerPass, `docker login -u deploy -p ${dockerPass} registry.acme.dev`);
    const mysqlPass = password(r);
    add("mysql -p", mysqlPass, `mysql -h db.internal -u root -p${mysqlPass} shop < dump.sql`);
    const sshpass = password(r);
    add("sshpass -p", sshpass, `sshpass -p '${sshpass}' ssh ops@10.0.0.7`);
    const bearer = r.chars(`${ALNUM}._-`, 48);
    add("bearer header", bearer, `http POST :8080/api "Authorization:Bearer ${bearer}"`);
  }
  return samples;
}

/** Unquoted and quoted values longer than any parser window: no part of them may survive redaction. */
export function longValueSamples(r: Random): Sample[] {
  const samples: Sample[] = [];
  for (const length of [513, 600, 900, 2048, 4000]) {
    const value = r.chars(`${ALNUM}+/`, length);
    samples.push({ kind: `unquoted ${length}`, secret: value.slice(-40), text: `SECRET_TOKEN=${value}\nNEXT=1` });
    const quoted = r.chars(`${ALNUM}_-`, length + 600);
    samples.push({ kind: `quoted ${length + 600}`, secret: quoted.slice(-40), text: `{"api_token": "${quoted}"}` });
  }
  return samples;
}
