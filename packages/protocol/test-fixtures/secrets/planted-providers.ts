// Provider token formats for planted.json: each family's usual variable name and a maker of a synthetic token in its
// published format.
import { ALNUM, BASE64URL, DIGITS, LOWER, UPPER } from "./random.ts";
import type { Random } from "./random.ts";

export const TOKEN_CHARS = ALNUM + "_-";

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
export const PROVIDERS: readonly [string, string, Maker][] = [
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
