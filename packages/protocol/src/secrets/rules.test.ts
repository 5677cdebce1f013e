import assert from "node:assert/strict";
import { test } from "node:test";
import { SECRET_FAMILIES } from "./families.ts";
import { KEYED_RULES, TOKEN_RULES } from "./rules.ts";
import type { TokenRule } from "./types.ts";

/** Deterministic filler from a cycle of characters (never eight equal characters in a row). */
function fill(cycle: string, length: number): string {
  return cycle.repeat(Math.ceil(length / cycle.length)).slice(0, length);
}
const AN = "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";
const HX = "0123456789abcdef";
const UP = "A1B2C3D4E5F6G7H8I9J0KLMNOPQRSTUVWXYZ";

/** The secret a rule finds in `text`, trying every occurrence of its anchors as the detector does. */
function matchRule(rule: TokenRule, text: string): string | null {
  for (const anchor of rule.anchors) {
    for (let hit = text.indexOf(anchor); hit !== -1; hit = text.indexOf(anchor, hit + 1)) {
      for (let at = Math.max(0, hit - rule.back); at <= hit; at += 1) {
        rule.pattern.lastIndex = at;
        const match = rule.pattern.exec(text);
        if (match === null) continue;
        const [start, end] = rule.group ? (match.indices?.[1] ?? [0, 0]) : [match.index, match.index + match[0].length];
        const secret = text.slice(start, end);
        if (rule.validate === undefined || rule.validate(secret, text, start)) return secret;
      }
    }
  }
  return null;
}

const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${fill(AN, 43)}`;
const discord = `MTIzNDU2Nzg5MDEyMzQ1Njc4.${fill(AN, 6)}.${fill(AN, 38)}`;

/** [family, text containing a token of that format, the token, a near miss]. */
const CASES: [string, string, string, string][] = [
  ["aws-access-key-id", "id=AKIA" + fill(UP, 16), "AKIA" + fill(UP, 16), "AKIA" + fill(UP, 15)],
  ["gcp-api-key", "key AIza" + fill(AN, 35), "AIza" + fill(AN, 35), "AIza" + fill(AN, 34)],
  [
    "gcp-service-account",
    `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n${fill(AN, 64)}\\n-----END PRIVATE KEY-----\\n"}`,
    `-----BEGIN PRIVATE KEY-----\\n${fill(AN, 64)}\\n-----END PRIVATE KEY-----\\n`,
    `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${fill(AN, 64)}"}`,
  ],
  ["google-oauth-client-secret", "GOCSPX-" + fill(AN, 28), "GOCSPX-" + fill(AN, 28), "GOCSPX-" + fill(AN, 20)],
  ["google-oauth-token", "ya29.a0" + fill(AN, 60), "ya29.a0" + fill(AN, 60), "ya29.short"],
  [
    "azure-storage-key",
    `AccountName=x;AccountKey=${fill(AN, 86)}==;Endpoint`,
    `${fill(AN, 86)}==`,
    `AccountKey=${fill(AN, 40)}`,
  ],
  [
    "azure-connection-string",
    `SharedAccessKeyName=Root;SharedAccessKey=${fill(AN, 43)}=`,
    `${fill(AN, 43)}=`,
    "SharedAccessKey=short",
  ],
  [
    "azure-sas-token",
    `https://a.blob.core.windows.net/c/f?sv=2022-11-02&sig=${fill(AN, 40)}%3D`,
    `${fill(AN, 40)}%3D`,
    `https://x/?nosig=${fill(AN, 40)}`,
  ],
  ["azure-ad-client-secret", `secret ab1` + `8Q~` + fill(AN, 34), "ab18Q~" + fill(AN, 34), "ab18Q~short"],
  ["github-token", "ghp_" + fill(AN, 36), "ghp_" + fill(AN, 36), "ghp_" + fill(AN, 30)],
  [
    "github-fine-grained-token",
    `github_pat_${fill(AN, 22)}_${fill(AN, 59)}`,
    `github_pat_${fill(AN, 22)}_${fill(AN, 59)}`,
    "github_pat_short",
  ],
  ["gitlab-token", "glpat-" + fill(AN, 20), "glpat-" + fill(AN, 20), "glpat-short"],
  [
    "slack-token",
    "xoxb-123456789012-1234567890123-" + fill(AN, 24),
    "xoxb-123456789012-1234567890123-" + fill(AN, 24),
    "xoxb-placeholder-token-value",
  ],
  [
    "slack-webhook",
    "https://hooks.slack.com/services/T0123/B0123/" + fill(AN, 24),
    "hooks.slack.com/services/T0123/B0123/" + fill(AN, 24),
    "https://hooks.slack.com/",
  ],
  ["stripe-key", "sk_live_" + fill(AN, 24), "sk_live_" + fill(AN, 24), "pk_live_" + fill(AN, 24)],
  ["stripe-webhook-secret", "whsec_" + fill(AN, 32), "whsec_" + fill(AN, 32), "whsec_short"],
  ["anthropic-api-key", "sk-ant-api03-" + fill(AN, 95), "sk-ant-api03-" + fill(AN, 95), "sk-ant-api03-short"],
  ["openrouter-api-key", "sk-or-v1-" + fill(HX, 64), "sk-or-v1-" + fill(HX, 64), "sk-or-v1-" + fill(HX, 32)],
  [
    "openai-api-key",
    "sk-proj-" + fill(AN, 100),
    "sk-proj-" + fill(AN, 100),
    "sk-learn-is-a-python-machine-learning-library",
  ],
  [
    "huggingface-token",
    "hf_" + fill("aBcDeFgHiJkLmNoPqRsT", 34),
    "hf_" + fill("aBcDeFgHiJkLmNoPqRsT", 34),
    "hf_" + fill("abcdefghij", 34),
  ],
  ["groq-api-key", "gsk_" + fill(AN, 52), "gsk_" + fill(AN, 52), "gsk_short"],
  ["xai-api-key", "xai-" + fill(AN, 80), "xai-" + fill(AN, 80), "xai-" + fill(AN, 20)],
  ["perplexity-api-key", "pplx-" + fill(AN, 48), "pplx-" + fill(AN, 48), "pplx-short"],
  ["replicate-api-token", "r8_" + fill(AN, 37), "r8_" + fill(AN, 37), "r8_" + fill(AN, 20)],
  ["npm-token", "npm_" + fill(AN, 36), "npm_" + fill(AN, 36), "npm_" + fill(AN, 35)],
  ["pypi-token", "pypi-AgEIcHlwaS5vcmc" + fill(AN, 70), "pypi-AgEIcHlwaS5vcmc" + fill(AN, 70), "pypi-" + fill(AN, 70)],
  ["twilio-api-key", "SK" + fill(HX, 32), "SK" + fill(HX, 32), "SK" + fill(HX, 31)],
  ["twilio-account-sid", "AC" + fill(HX, 32), "AC" + fill(HX, 32), "ACCESS" + fill(HX, 32)],
  [
    "sendgrid-api-key",
    `SG.${fill(AN, 22)}.${fill(AN, 43)}`,
    `SG.${fill(AN, 22)}.${fill(AN, 43)}`,
    `SG.${fill(AN, 10)}.${fill(AN, 10)}`,
  ],
  ["mailgun-api-key", "key-" + fill(HX, 32), "key-" + fill(HX, 32), "monkey-" + fill(HX, 32)],
  ["jwt", `token ${jwt}`, jwt, "eyJhbGciOiJIUzI1NiJ9 alone"],
  ["shopify-token", "shpat_" + fill(HX, 32), "shpat_" + fill(HX, 32), "shpat_" + fill(HX, 20)],
  ["digitalocean-token", "dop_v1_" + fill(HX, 64), "dop_v1_" + fill(HX, 64), "dop_v1_" + fill(HX, 40)],
  ["heroku-api-key", "HRKU-AA" + fill(AN, 58), "HRKU-AA" + fill(AN, 58), "HRKU-short"],
  ["new-relic-key", "NRAK-" + fill(UP, 27), "NRAK-" + fill(UP, 27), "NRAK-SHORT"],
  ["linear-api-key", "lin_api_" + fill(AN, 40), "lin_api_" + fill(AN, 40), "lin_api_short"],
  ["doppler-token", "dp.pt." + fill(AN, 43), "dp.pt." + fill(AN, 43), "dp.pt.short"],
  ["vault-token", "hvs.CAESI" + fill(AN, 40), "hvs.CAESI" + fill(AN, 40), "hvs.short"],
  ["databricks-token", "dapi" + fill(HX, 32), "dapi" + fill(HX, 32), "dapi" + fill(HX, 20)],
  ["atlassian-api-token", "ATATT3xFfGF0" + fill(AN, 170), "ATATT3xFfGF0" + fill(AN, 170), "ATATT3short"],
  ["discord-bot-token", `Bot ${discord}`, discord, "MTIzNDU2.abc.def"],
  [
    "discord-webhook",
    `https://discord.com/api/webhooks/123456789012345678/${fill(AN, 68)}`,
    `discord.com/api/webhooks/123456789012345678/${fill(AN, 68)}`,
    "https://discord.com/api/webhooks/123/short",
  ],
  [
    "telegram-bot-token",
    `https://api.telegram.org/bot1234567890:AA${fill(AN, 33)}/getMe`,
    `1234567890:AA${fill(AN, 33)}`,
    "12:AAshort",
  ],
  ["square-token", "EAAA" + fill(AN, 60), "EAAA" + fill(AN, 60), "EAAA" + fill(AN, 20)],
  [
    "mapbox-token",
    `sk.eyJ1IjoiZGV2In0${fill(AN, 10)}.${fill(AN, 22)}`,
    `sk.eyJ1IjoiZGV2In0${fill(AN, 10)}.${fill(AN, 22)}`,
    "pk.eyJ1IjoiZGV2In0.public",
  ],
  ["sentry-token", "sntryu_" + fill(HX, 64), "sntryu_" + fill(HX, 64), "sntryu_" + fill(HX, 20)],
  ["docker-hub-token", "dckr_pat_" + fill(AN, 27), "dckr_pat_" + fill(AN, 27), "dckr_pat_short"],
  ["grafana-token", `glsa_${fill(AN, 32)}_${fill(HX, 8)}`, `glsa_${fill(AN, 32)}_${fill(HX, 8)}`, "glsa_short"],
  ["postman-api-key", `PMAK-${fill(HX, 24)}-${fill(HX, 34)}`, `PMAK-${fill(HX, 24)}-${fill(HX, 34)}`, "PMAK-short"],
  ["planetscale-token", "pscale_tkn_" + fill(AN, 43), "pscale_tkn_" + fill(AN, 43), "pscale_tkn_short"],
  ["supabase-token", "sbp_" + fill(HX, 40), "sbp_" + fill(HX, 40), "sbp_" + fill(HX, 20)],
  [
    "age-secret-key",
    "AGE-SECRET-KEY-1" + fill("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "AGE-SECRET-KEY-1" + fill("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "AGE-SECRET-KEY-1SHORT",
  ],
  ["pulumi-token", "pul-" + fill(HX, 40), "pul-" + fill(HX, 40), "pul-" + fill(HX, 20)],
  [
    "terraform-cloud-token",
    `${fill(AN, 14)}.atlasv1.${fill(AN, 67)}`,
    `${fill(AN, 14)}.atlasv1.${fill(AN, 67)}`,
    "abc.atlasv1.short",
  ],
  ["notion-token", "ntn_" + fill(AN, 46), "ntn_" + fill(AN, 46), "ntn_short"],
  [
    "langsmith-api-key",
    `lsv2_pt_${fill(HX, 32)}_${fill(HX, 10)}`,
    `lsv2_pt_${fill(HX, 32)}_${fill(HX, 10)}`,
    "lsv2_pt_short",
  ],
];

test("each provider rule finds its token format and rejects a near miss", () => {
  for (const [family, text, token, nearMiss] of CASES) {
    const rule = TOKEN_RULES.find((candidate) => candidate.family === family);
    assert.ok(rule !== undefined, family);
    assert.equal(matchRule(rule, text), token, `${family} positive`);
    assert.equal(matchRule(rule, nearMiss), null, `${family} near miss`);
  }
});

// Rules without a case here are exercised, family by family, by the generated corpus (corpus.test.ts).
test("every provider rule has a sticky pattern and literal anchors", () => {
  for (const rule of TOKEN_RULES) {
    assert.ok(rule.pattern.sticky, rule.family);
    assert.ok(rule.anchors.length > 0 && rule.anchors.every((anchor) => anchor.length >= 2), rule.family);
    assert.equal(rule.group, rule.pattern.hasIndices, rule.family);
  }
});

test("a token glued to other token characters is not matched", () => {
  const rule = TOKEN_RULES.find((candidate) => candidate.family === "github-token");
  assert.ok(rule !== undefined);
  assert.equal(matchRule(rule, "xghp_" + fill(AN, 36)), null);
  assert.equal(matchRule(rule, "\\nghp_" + fill(AN, 36)), "ghp_" + fill(AN, 36));
});

test("family names are unique, stable kebab-case identifiers", () => {
  assert.deepEqual([...SECRET_FAMILIES].sort(), SECRET_FAMILIES);
  assert.equal(new Set(SECRET_FAMILIES).size, SECRET_FAMILIES.length);
  for (const family of SECRET_FAMILIES) assert.match(family, /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  for (const rule of KEYED_RULES) assert.ok(SECRET_FAMILIES.includes(rule.family));
  assert.ok(SECRET_FAMILIES.length >= 30);
});
