import assert from "node:assert/strict";
import { test } from "node:test";
import { buildBenign } from "../../test-fixtures/secrets/benign.ts";
import { buildPlanted } from "../../test-fixtures/secrets/planted.ts";
import { createRandom } from "../../test-fixtures/secrets/random.ts";
import { containsSecret, detectSecrets, redactSecrets } from "./detect.ts";
import { findSecretInValue } from "./value-scan.ts";

// Token-shaped test values are assembled at run time, so no literal token sits in the repository.
const GITHUB = ["ghp", "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ"].join("_");
const AWS = ["AKIA", "Z7QWERTYUIOP2345"].join("");

/** The planted and benign corpora, generated from their seed (the order of the two calls fixes their content). */
const SEED = 20240601;
const corpusRandom = createRandom(SEED);
const PLANTED = buildPlanted(corpusRandom);
const BENIGN = buildBenign(corpusRandom, 50);

function bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

test("findings carry family and UTF-8 byte offsets, sorted and non-overlapping", () => {
  const text = `café ${GITHUB} and 🔑 ${AWS}`;
  const findings = detectSecrets(text);
  assert.deepEqual(findings, [
    { family: "github-token", start: bytes("café "), end: bytes(`café ${GITHUB}`) },
    { family: "aws-access-key-id", start: bytes(`café ${GITHUB} and 🔑 `), end: bytes(text) },
  ]);
  const buffer = Buffer.from(text);
  assert.equal(buffer.subarray(findings[0]?.start, findings[0]?.end).toString(), GITHUB);
  for (const finding of findings) assert.deepEqual(Object.keys(finding), ["family", "start", "end"]);
});

test("overlapping detections merge under the more specific family", () => {
  const cases: [string, string][] = [
    [`GITHUB_TOKEN=${GITHUB}`, "github-token"],
    [`{"token": "${GITHUB}"}`, "github-token"],
    [`https://oauth2:${GITHUB}@github.com/acme/api.git`, "github-token"],
    [`Authorization: Bearer ${GITHUB}`, "github-token"],
  ];
  for (const [text, family] of cases) {
    const findings = detectSecrets(text);
    assert.equal(findings.length, 1, text);
    assert.equal(findings[0]?.family, family, text);
  }
});

test("redaction replaces each secret with its family and reports what it did", () => {
  const cases: [string, string, number, string[]][] = [
    ["nothing to see", "nothing to see", 0, []],
    [`export GITHUB_TOKEN=${GITHUB}`, "export GITHUB_TOKEN=[REDACTED:github-token]", 1, ["github-token"]],
    [
      "DB_PASSWORD=hunter2\nDB_HOST=db",
      "DB_PASSWORD=[REDACTED:credential-assignment]\nDB_HOST=db",
      1,
      ["credential-assignment"],
    ],
    [`${AWS} ${AWS}`, "[REDACTED:aws-access-key-id] [REDACTED:aws-access-key-id]", 2, ["aws-access-key-id"]],
    ["postgres://app:S3cr3tP4ss@db/app", "postgres://app:[REDACTED:url-credentials]@db/app", 1, ["url-credentials"]],
  ];
  for (const [input, text, redactions, families] of cases)
    assert.deepEqual(redactSecrets(input), { text, redactions, families }, input);
});

test("containsSecret agrees with detectSecrets", () => {
  assert.equal(containsSecret(`token: ${GITHUB}`), true);
  assert.equal(containsSecret("const password = getPassword();"), false);
});

test("secrets are found anywhere inside a JSON value, keys included", () => {
  const cases: [unknown, string | null][] = [
    [null, null],
    [42, null],
    ["plain", null],
    [{ note: `use ${GITHUB}` }, "github-token"],
    [[1, ["deep", { list: [AWS] }]], "aws-access-key-id"],
    [{ [GITHUB]: true }, "github-token"],
    [{ password: "hunter2" }, "credential-assignment"],
    [{ db: { PASSWORD: "S3cr3t!" } }, "credential-assignment"],
    [{ api_key: "9f8e7d6c5b4a3f2e1d0c" }, "credential-assignment"],
    [{ password: "" }, null],
    [{ password: "${DB_PASSWORD}" }, null],
    [{ max_tokens: "4096", token_count: 12 }, null],
  ];
  for (const [value, family] of cases)
    assert.equal(findSecretInValue(value)?.family ?? null, family, JSON.stringify(value));
  assert.deepEqual(findSecretInValue({ password: "hünter2" }), {
    family: "credential-assignment",
    start: 0,
    end: bytes("hünter2"),
  });
  const cyclic: Record<string, unknown> = { name: "loop" };
  cyclic.self = cyclic;
  assert.equal(findSecretInValue(cyclic), null);
});

test("every planted secret is found with its family and is gone after redaction", () => {
  const planted = PLANTED;
  const families = new Set(planted.map((entry) => entry.family));
  const missed: string[] = [];
  let detected = 0;
  for (const entry of planted) {
    const at = entry.text.indexOf(entry.secret);
    assert.ok(at >= 0, `fixture secret is inside its text: ${entry.family}`);
    const start = bytes(entry.text.slice(0, at));
    const end = start + bytes(entry.secret);
    const accepted = [entry.family, ...(entry.accept ?? [])];
    const hit = detectSecrets(entry.text).some(
      (finding) => finding.start <= start && finding.end >= end && accepted.includes(finding.family),
    );
    const redacted = redactSecrets(entry.text).text;
    if (hit && !redacted.includes(entry.secret)) detected += 1;
    else missed.push(`${entry.family}: ${JSON.stringify(entry.text.slice(0, 80))}`);
  }
  console.log(`planted ${planted.length} / families ${families.size} / detected ${detected}`);
  assert.ok(planted.length >= 120 && families.size >= 30, "corpus size");
  assert.deepEqual(missed, []);
});

test("look-alikes are flagged at most 1% of the time", () => {
  const benign = BENIGN;
  const flagged = benign.filter((entry) => detectSecrets(entry.text).length > 0);
  const rate = flagged.length / benign.length;
  console.log(`benign ${benign.length} / flagged ${flagged.length} / rate ${(rate * 100).toFixed(2)}%`);
  for (const entry of flagged) console.log(`  flagged ${entry.category}: ${JSON.stringify(entry.text.slice(0, 100))}`);
  assert.ok(benign.length >= 1000, "corpus size");
  assert.ok(rate <= 0.01, `false-positive rate ${rate}`);
});

test("adversarial inputs finish quickly (a catastrophic-backtracking guard, not a speed claim)", () => {
  const inputs: [string, string][] = [
    ["a run", "a".repeat(200_000)],
    ["AKIA run", "AKIA".repeat(50_000)],
    ["BEGIN run", "-----BEGIN ".repeat(20_000)],
    ["private key headers", "-----BEGIN RSA PRIVATE KEY-----".repeat(6_000)],
    ["password then equals", "password=" + "=".repeat(200_000)],
    ["ghp_ run", "ghp_".repeat(50_000)],
    ["eyJ run", "eyJ".repeat(60_000) + "."],
    ["x: run", "x:".repeat(100_000)],
    ["whitespace", " \t\n".repeat(70_000)],
    ["spaces then token", " ".repeat(200_000) + GITHUB],
    ["url run", "https://a:b@".repeat(20_000)],
    ["Bearer run", "Authorization: Bearer ".repeat(10_000)],
    ["quotes", '"password": "'.repeat(15_000)],
    ["token words", "token ".repeat(40_000)],
    ["dots", "MTIzNDU2Nzg5MDEyMzQ1Njc4.".repeat(8_000)],
    ["escaped newlines", "\\n".repeat(100_000)],
  ];
  for (const [name, input] of inputs) {
    const started = performance.now();
    detectSecrets(input);
    redactSecrets(input);
    const elapsed = performance.now() - started;
    // Backtracking that is quadratic or worse on 200,000 characters takes tens of seconds; a loaded 2-core machine
    // can stretch a linear scan past one second, so the bound leaves room for that and still catches the blow-up.
    assert.ok(elapsed < 5000, `${name}: ${elapsed.toFixed(0)} ms`);
  }
});
