// Provider token formats, written from each provider's published key format. One entry per family.
import { isRandomLooking } from "./entropy.ts";
import { B, E, rule } from "./rule-builder.ts";
import { COMMAND_RULES } from "./rules-commands.ts";
import { PLATFORM_RULES } from "./rules-platforms.ts";
import { SERVICE_RULES } from "./rules-services.ts";
import { SPECIFICITY } from "./types.ts";
import type { KeyedRule, TokenRule } from "./types.ts";

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const DIGIT = /[0-9]/;
const SERVICE_ACCOUNT = /"type"\s*:\s*"service_account"|service_account/;

function openAiShaped(secret: string): boolean {
  const body = secret.slice(3);
  if (/^(?:proj|svcacct|admin)-/.test(body) || body.includes("T3BlbkFJ")) return true;
  return DIGIT.test(body) && isRandomLooking(body.replaceAll("-", ""));
}

function nearServiceAccount(_secret: string, text: string, start: number): boolean {
  return SERVICE_ACCOUNT.test(text.slice(Math.max(0, start - 4096), start + 8192));
}

export const TOKEN_RULES: readonly TokenRule[] = [
  rule("aws-access-key-id", ["AKIA", "ASIA", "ABIA", "ACCA"], String.raw`${B}A(?:KI|SI|BI|CC)A[A-Z0-9]{16}${E}`),
  rule("gcp-api-key", ["AIza"], String.raw`${B}AIza[0-9A-Za-z_-]{35}${E}`),
  rule("gcp-service-account", ['private_key"'], String.raw`private_key"[ \t]*:[ \t]*"(-----BEGIN[^"]{20,16384})"`, {
    group: true,
    masks: false,
    specificity: SPECIFICITY.container,
    validate: nearServiceAccount,
  }),
  rule("google-oauth-client-secret", ["GOCSPX-"], String.raw`${B}GOCSPX-[A-Za-z0-9_-]{28}${E}`),
  rule("google-oauth-token", ["ya29."], String.raw`${B}ya29\.[0-9A-Za-z_-]{30,2048}${E}`),
  rule("azure-storage-key", ["AccountKey="], String.raw`AccountKey=([A-Za-z0-9+/]{86}==)`, { group: true }),
  rule("azure-connection-string", ["SharedAccessKey="], String.raw`SharedAccessKey=([A-Za-z0-9+/]{40,88}={0,2})`, {
    group: true,
  }),
  rule("azure-sas-token", ["sig="], String.raw`(?<=[?&;])sig=([A-Za-z0-9%+/]{30,200}(?:%3D|=){0,2})`, { group: true }),
  rule(
    "azure-ad-client-secret",
    ["Q~"],
    String.raw`${B}[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`,
    { back: 4 },
  ),
  rule("github-token", ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], String.raw`${B}gh[pousr]_[A-Za-z0-9]{36,251}${E}`),
  rule("github-fine-grained-token", ["github_pat_"], String.raw`${B}github_pat_[A-Za-z0-9_]{60,255}${E}`),
  rule(
    "gitlab-token",
    ["glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-", "glsoat-", "glft-", "glimt-", "glagent-", "GR1348941"],
    String.raw`${B}(?:gl(?:pat|dt|rt|ptt|cbt|oas|soat|ft|imt|agent)-|GR1348941)[A-Za-z0-9_-]{20,64}${E}`,
  ),
  rule(
    "slack-token",
    ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-", "xapp-"],
    String.raw`${B}(?:xox[abprse]|xapp)-[0-9A-Za-z-]{10,250}${E}`,
    {
      validate: (secret) => DIGIT.test(secret.slice(5)),
    },
  ),
  rule(
    "slack-webhook",
    ["hooks.slack.com/"],
    String.raw`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,200}`,
  ),
  rule(
    "stripe-key",
    ["sk_live_", "rk_live_", "sk_test_", "rk_test_"],
    String.raw`${B}[rs]k_(?:live|test)_[0-9A-Za-z]{20,247}${E}`,
  ),
  rule("stripe-webhook-secret", ["whsec_"], String.raw`${B}whsec_[A-Za-z0-9+/=]{32,88}(?![A-Za-z0-9+/=])`),
  rule(
    "anthropic-api-key",
    ["sk-ant-"],
    String.raw`${B}sk-ant-(?:api|admin|oat|ort)[0-9]{2}-[A-Za-z0-9_-]{32,256}${E}`,
  ),
  rule("openrouter-api-key", ["sk-or-v1-"], String.raw`${B}sk-or-v1-[a-f0-9]{64}${E}`),
  rule(
    "openai-api-key",
    ["sk-"],
    String.raw`${B}sk-(?!ant-|or-v1-)(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,300}|[A-Za-z0-9_-]{32,300})${E}`,
    {
      validate: openAiShaped,
    },
  ),
  rule("huggingface-token", ["hf_"], String.raw`${B}hf_[A-Za-z0-9]{34,40}${E}`, {
    validate: (secret) => LOWER.test(secret.slice(3)) && UPPER.test(secret.slice(3)),
  }),
  rule("groq-api-key", ["gsk_"], String.raw`${B}gsk_[A-Za-z0-9]{48,56}${E}`),
  rule("xai-api-key", ["xai-"], String.raw`${B}xai-[A-Za-z0-9]{70,90}${E}`),
  rule("perplexity-api-key", ["pplx-"], String.raw`${B}pplx-[A-Za-z0-9]{40,56}${E}`),
  rule("replicate-api-token", ["r8_"], String.raw`${B}r8_[A-Za-z0-9]{37}${E}`),
  rule("npm-token", ["npm_"], String.raw`${B}npm_[A-Za-z0-9]{36}${E}`),
  rule("pypi-token", ["pypi-"], String.raw`${B}pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,300}${E}`),
  rule("twilio-api-key", ["SK"], String.raw`${B}SK[0-9a-fA-F]{32}${E}`),
  rule("twilio-account-sid", ["AC"], String.raw`${B}AC[0-9a-f]{32}${E}`),
  rule("sendgrid-api-key", ["SG."], String.raw`${B}SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}${E}`),
  rule("mailgun-api-key", ["key-"], String.raw`${B}key-[0-9a-f]{32}${E}`),
  rule(
    "jwt",
    ["eyJ"],
    String.raw`${B}eyJ[A-Za-z0-9_-]{10,4096}\.eyJ[A-Za-z0-9_-]{10,8192}\.[A-Za-z0-9_-]{16,1024}${E}`,
    {
      specificity: SPECIFICITY.generic,
    },
  ),
  rule(
    "shopify-token",
    ["shpat_", "shpss_", "shpca_", "shppa_"],
    String.raw`${B}shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}${E}`,
  ),
  rule("digitalocean-token", ["dop_v1_", "doo_v1_", "dor_v1_"], String.raw`${B}do[por]_v1_[a-f0-9]{64}${E}`),
  rule("heroku-api-key", ["HRKU-"], String.raw`${B}HRKU-[A-Za-z0-9_-]{40,80}${E}`),
  rule(
    "new-relic-key",
    ["NRAK-", "NRII-", "NRJS-", "NRRA-", "NRIQ-"],
    String.raw`${B}NR(?:AK|II|JS|RA|IQ)-[A-Za-z0-9_-]{20,40}${E}`,
  ),
  rule("linear-api-key", ["lin_api_", "lin_oauth_"], String.raw`${B}lin_(?:api|oauth)_[A-Za-z0-9]{40,64}${E}`),
  rule(
    "doppler-token",
    ["dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."],
    String.raw`${B}dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{40,44}${E}`,
  ),
  rule("vault-token", ["hvs.", "hvb.", "hvr."], String.raw`${B}hv[sbr]\.[A-Za-z0-9_-]{24,256}${E}`),
  rule("databricks-token", ["dapi"], String.raw`${B}dapi[a-f0-9]{32}(?:-[0-9])?${E}`),
  rule("atlassian-api-token", ["ATATT3", "ATCTT3"], String.raw`${B}AT[AC]TT3[A-Za-z0-9_=-]{100,300}(?![A-Za-z0-9_=-])`),
  rule(
    "discord-bot-token",
    ["MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT"],
    String.raw`${B}[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}${E}`,
  ),
  rule(
    "discord-webhook",
    ["discord.com/api/webhooks/", "discordapp.com/api/webhooks/"],
    String.raw`discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,68}${E}`,
  ),
  rule("telegram-bot-token", [":AA"], String.raw`(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}${E}`, { back: 10 }),
  rule(
    "square-token",
    ["sq0atp-", "sq0csp-", "EAAA"],
    String.raw`${B}(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_-]{60})${E}`,
  ),
  rule("mapbox-token", ["sk.eyJ"], String.raw`${B}sk\.eyJ[A-Za-z0-9_-]{20,200}\.[A-Za-z0-9_-]{20,100}${E}`),
  rule(
    "sentry-token",
    ["sntrys_", "sntryu_"],
    String.raw`${B}(?:sntrys_eyJ[A-Za-z0-9_=+/-]{50,400}|sntryu_[a-f0-9]{64})(?![A-Za-z0-9_=+/-])`,
  ),
  rule("docker-hub-token", ["dckr_pat_"], String.raw`${B}dckr_pat_[A-Za-z0-9_-]{27,40}${E}`),
  rule(
    "grafana-token",
    ["glsa_", "glc_"],
    String.raw`${B}(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})(?![A-Za-z0-9_+/=-])`,
  ),
  rule("postman-api-key", ["PMAK-"], String.raw`${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}${E}`),
  rule(
    "planetscale-token",
    ["pscale_tkn_", "pscale_pw_", "pscale_oauth_"],
    String.raw`${B}pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}(?![A-Za-z0-9_.-])`,
  ),
  rule("supabase-token", ["sbp_"], String.raw`${B}sbp_[a-f0-9]{40}${E}`),
  rule(
    "age-secret-key",
    ["AGE-SECRET-KEY-1"],
    String.raw`${B}AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}${E}`,
  ),
  rule("pulumi-token", ["pul-"], String.raw`${B}pul-[a-f0-9]{40}${E}`),
  rule(
    "terraform-cloud-token",
    [".atlasv1."],
    String.raw`${B}[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,90}(?![A-Za-z0-9_=-])`,
    { back: 14 },
  ),
  rule("notion-token", ["ntn_", "secret_"], String.raw`${B}(?:ntn_[A-Za-z0-9]{40,50}|secret_[A-Za-z0-9]{43})${E}`),
  rule("langsmith-api-key", ["lsv2_pt_", "lsv2_sk_"], String.raw`${B}lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}${E}`),
  ...PLATFORM_RULES,
  ...SERVICE_RULES,
  ...COMMAND_RULES,
];

/** Providers whose keys have no distinctive prefix, recognised by the key name they are assigned to. */
export const KEYED_RULES: readonly KeyedRule[] = [
  { family: "aws-secret-access-key", key: /secretaccesskey|awssecret/, value: /^[A-Za-z0-9/+]{40}$/ },
  { family: "datadog-api-key", key: /datadog|^dd(?:api|app|application)key/, value: /^(?:[a-f0-9]{32}|[a-f0-9]{40})$/ },
  { family: "heroku-api-key", key: /heroku/, value: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ },
  { family: "cohere-api-key", key: /cohere|^co(?:api)?key/, value: /^[A-Za-z0-9]{40}$/ },
  { family: "mistral-api-key", key: /mistral/, value: /^[A-Za-z0-9]{32}$/ },
  { family: "twilio-auth-token", key: /twilio.*(?:auth|token|secret)/, value: /^[a-f0-9]{32}$/ },
];
