// Benign look-alikes that are identifiers, digests, encoded data and paths (benign.ts has the rest): hex and base64
// runs that a secret scanner must not take for keys.
import { ALNUM, BASE64URL, DIGITS, LOWER } from "./random.ts";
import type { Random } from "./random.ts";

export type Maker = (random: Random) => string;

/** [category, makers]: each maker is called repeatedly with fresh random parts. */
export type BenignCategory = readonly [string, readonly Maker[]];

export const WORDS = [
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

export const IDENTIFIER_CATEGORIES: readonly BenignCategory[] = [
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
];
