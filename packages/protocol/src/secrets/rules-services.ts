// Provider token formats with a distinctive prefix: AI providers, payments, messaging and webhooks, observability and
// SaaS tools. Bodies give each provider's published alphabet and length.
import { B, E, mixedClasses, prefixed, rule } from "./rule-builder.ts";
import type { TokenRule } from "./types.ts";

const HEX = "[a-f0-9]";
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;
const HEX_UUID = "[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}";

export const SERVICE_RULES: readonly TokenRule[] = [
  // AI providers
  prefixed("huggingface-token", ["api_org_"], "[A-Za-z]{34}", { validate: mixedClasses }),
  prefixed("fireworks-api-key", ["fw_"], "[A-Za-z0-9]{24,40}", { validate: mixedClasses }),
  prefixed("anyscale-api-key", ["esecret_"], "[A-Za-z0-9]{20,60}"),
  prefixed("voyage-api-key", ["pa-"], "[A-Za-z0-9_-]{43}", { validate: mixedClasses }),
  prefixed("pinecone-api-key", ["pcsk_"], "[A-Za-z0-9_]{50,120}"),
  prefixed("langfuse-secret-key", ["sk-lf-"], HEX_UUID),
  prefixed("cerebras-api-key", ["csk-"], "[a-z0-9]{40,56}", { validate: mixedClasses }),
  prefixed("nvidia-api-key", ["nvapi-"], "[A-Za-z0-9_-]{60,70}"),
  prefixed("runpod-api-key", ["rpa_"], "[A-Z0-9]{40,50}"),
  prefixed("jina-api-key", ["jina_"], "[a-f0-9]{32}[A-Za-z0-9_-]{20,40}"),
  prefixed("tavily-api-key", ["tvly-"], "(?:dev-|prod-)?[A-Za-z0-9]{32}"),
  prefixed("firecrawl-api-key", ["fc-"], `${HEX}{32}`),
  prefixed("together-api-key", ["tgp_v1_"], "[A-Za-z0-9_-]{40,60}"),
  prefixed("modal-token", ["ak-", "as-"], "[A-Za-z0-9]{22}", { validate: (s) => mixedClasses(s) && /[0-9]/.test(s) }),
  prefixed("deepseek-or-openai-key", ["sk-"], "[a-f0-9]{32}", { validate: (s) => /[a-f]/.test(s) && /[0-9]/.test(s) }),
  // Payments and commerce
  prefixed("facebook-access-token", ["EAA"], "[A-Za-z0-9]{60,400}", {
    validate: (secret) => mixedClasses(secret) && !secret.startsWith("EAAA"),
  }),
  prefixed("easypost-api-key", ["EZAK", "EZTK"], "[A-Za-z0-9]{54}"),
  prefixed("flutterwave-secret-key", ["FLWSECK_TEST-", "FLWSECK-"], `${HEX}{32}-X`),
  prefixed("flutterwave-encryption-key", ["FLWSECK_TEST", "FLWSECK"], `${HEX}{12}`),
  prefixed("braintree-token", ["access_token$production$", "access_token$sandbox$"], `[a-z0-9]{16}\\$${HEX}{32}`),
  prefixed("plaid-token", ["access-sandbox-", "access-development-", "access-production-"], UUID),
  prefixed("gocardless-token", ["live_", "sandbox_"], "[A-Za-z0-9_=-]{40}", { validate: mixedClasses }),
  prefixed("mollie-api-key", ["live_", "test_"], "[A-Za-z0-9]{30}", { validate: mixedClasses }),
  prefixed("paddle-api-key", ["pdl_live_apikey_", "pdl_sdbx_apikey_"], "[A-Za-z0-9_]{40,60}"),
  prefixed("shippo-token", ["shippo_live_", "shippo_test_"], `${HEX}{40}`),
  prefixed("duffel-token", ["duffel_live_", "duffel_test_"], "[A-Za-z0-9_=-]{43}"),
  prefixed("adyen-api-key", ["AQE"], "[A-Za-z0-9+/=_.-]{80,200}", { validate: mixedClasses }),
  // Messaging, chat and webhooks
  prefixed("sendinblue-api-key", ["xkeysib-", "xsmtpsib-"], `${HEX}{64}-[A-Za-z0-9]{16}`),
  prefixed("resend-api-key", ["re_"], "[A-Za-z0-9]{8}_[A-Za-z0-9]{24}"),
  rule(
    "microsoft-teams-webhook",
    [".webhook.office.com/", "logic.azure.com"],
    String.raw`[a-z0-9-]+\.(?:webhook\.office\.com/webhook(?:b2)?/[A-Za-z0-9@/_-]{40,400}|logic\.azure\.com[:0-9]*/workflows/[A-Za-z0-9/?=&%._-]{30,400})`,
    { back: 64, masks: false },
  ),
  rule(
    "google-chat-webhook",
    ["chat.googleapis.com/v1/spaces/"],
    String.raw`chat\.googleapis\.com/v1/spaces/[A-Za-z0-9_-]{8,20}/messages\?key=[A-Za-z0-9_-]{30,50}&token=[A-Za-z0-9_%-]{30,80}`,
  ),
  rule("zapier-webhook", ["hooks.zapier.com/"], String.raw`hooks\.zapier\.com/hooks/catch/[0-9]{4,12}/[a-z0-9]{5,10}`),
  rule(
    "ifttt-webhook",
    ["maker.ifttt.com/"],
    String.raw`maker\.ifttt\.com/(?:trigger/[^/\s]{1,64}/with/)?key/[A-Za-z0-9_-]{20,43}`,
  ),
  rule("slack-config-token", ["xoxe."], String.raw`${B}xoxe\.xox[bp]-[0-9]-[A-Za-z0-9]{140,200}${E}`),
  rule("twitter-bearer-token", ["AAAAAAAAAAAAAAAAAAAAA"], String.raw`${B}A{20,24}[A-Za-z0-9%]{30,140}${E}`, {
    masks: false,
    validate: (secret) => mixedClasses(secret.replace(/^A+/, "")),
  }),
  // Observability and SaaS tools
  prefixed("dynatrace-token", ["dt0c01.", "dt0s01.", "dt0s16."], "[A-Z0-9]{24}\\.[A-Z0-9]{64}"),
  prefixed("honeycomb-key", ["hcaik_", "hcxik_", "hcamk_", "hcxmk_"], "[a-z0-9]{58}"),
  prefixed("posthog-personal-key", ["phx_"], "[A-Za-z0-9]{40,50}"),
  prefixed("axiom-token", ["xaat-", "xapt-"], HEX_UUID),
  prefixed("launchdarkly-key", ["api-", "sdk-"], UUID),
  rule("new-relic-license-key", ["NRAL"], String.raw`${B}[a-f0-9]{36}NRAL${E}`, { back: 36 }),
  prefixed("checkly-api-key", ["cu_"], `${HEX}{32}`),
  prefixed("hubspot-token", ["pat-na1-", "pat-eu1-", "pat-na2-", "pat-ap1-"], UUID),
  prefixed("figma-token", ["figd_"], "[A-Za-z0-9_-]{38,44}"),
  prefixed("clickup-token", ["pk_"], "[0-9]{6,10}_[A-Z0-9]{32}"),
  prefixed("typeform-token", ["tfp_"], "[A-Za-z0-9_.=-]{40,64}"),
  prefixed("readme-api-key", ["rdme_"], "[a-z0-9]{70}"),
  prefixed("prefect-api-key", ["pnu_"], "[A-Za-z0-9]{36}"),
  prefixed("frameio-token", ["fio-u-"], "[A-Za-z0-9_=-]{64}"),
  prefixed("adobe-client-secret", ["p8e-"], "[A-Za-z0-9]{32}"),
  prefixed("dropbox-token", ["sl."], "[A-Za-z0-9_-]{130,1400}"),
];
