// Provider token formats with a distinctive prefix: cloud, CI/CD, package registries, databases and secret stores.
// Each body gives the provider's published alphabet and length, so a prefix alone (a docs mention) is not flagged.
import { B, E, mixedClasses, prefixed, rule } from "./rule-builder.ts";
import type { TokenRule } from "./types.ts";

const HEX = "[a-f0-9]";
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;

export const PLATFORM_RULES: readonly TokenRule[] = [
  // Cloud
  prefixed("aws-session-token", ["IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdz"], "[A-Za-z0-9/+=]{80,2048}", { masks: false }),
  prefixed("alibaba-access-key-id", ["LTAI"], "[A-Za-z0-9]{12,24}", { validate: mixedClasses }),
  prefixed("tencent-secret-id", ["AKID"], "[A-Za-z0-9]{32}", { validate: mixedClasses }),
  prefixed("yandex-api-key", ["AQVN"], "[A-Za-z0-9_-]{35,38}", { validate: mixedClasses }),
  prefixed("yandex-access-key", ["YC"], "[A-Za-z0-9_-]{38}", { validate: mixedClasses }),
  prefixed("yandex-oauth-token", ["y0_", "y1_", "y2_", "y3_"], "[A-Za-z0-9_-]{55,60}", { validate: mixedClasses }),
  prefixed("yandex-iam-token", ["t1."], "[A-Za-z0-9_-]{40,}={0,2}\\.[A-Za-z0-9_-]{80,90}={0,2}"),
  prefixed("cloudflare-origin-ca-key", ["v1.0-"], `${HEX}{24}-${HEX}{146}`),
  prefixed("scaleway-access-key", ["SCW"], "[A-Z0-9]{17}", { validate: mixedClasses }),
  prefixed("flyio-token", ["FlyV1 fm1_", "FlyV1 fm2_", "fm1_", "fm2_", "fo1_"], "[A-Za-z0-9_+/=,-]{40,1024}"),
  prefixed("netlify-token", ["nfp_", "nfc_"], "[A-Za-z0-9]{36,40}"),
  prefixed("render-api-key", ["rnd_"], "[A-Za-z0-9]{28,40}", { validate: mixedClasses }),
  prefixed("vercel-token", ["vcp_", "vci_", "vca_", "vcr_", "vck_"], "[A-Za-z0-9]{24,60}"),
  prefixed("supabase-secret-key", ["sb_secret_"], "[A-Za-z0-9_-]{28,64}"),
  prefixed("onepassword-service-account-token", ["ops_eyJ"], "[A-Za-z0-9+/_-]{100,2048}={0,3}"),
  rule(
    "onepassword-secret-key",
    ["A3-"],
    String.raw`${B}A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}${E}`,
  ),
  prefixed("infisical-token", ["st."], `${UUID}\\.${HEX}{32}\\.${HEX}{32}`),
  prefixed("contentful-token", ["CFPAT-"], "[A-Za-z0-9_-]{43}"),
  // CI/CD and source hosting
  prefixed("sourcegraph-token", ["sgp_", "sgph_"], `(?:(?:${HEX}{16}|local)_)?${HEX}{40}`),
  prefixed("octopus-deploy-api-key", ["API-"], "[A-Z0-9]{26,32}", { validate: mixedClasses }),
  prefixed("circleci-token", ["CCIPAT_", "CCIPRJ_"], `[A-Za-z0-9]{22}_${HEX}{40}`),
  prefixed("buildkite-token", ["bkua_"], `${HEX}{40}`),
  prefixed("sonarqube-token", ["sqp_", "squ_", "sqa_"], `${HEX}{40}`),
  prefixed("harness-token", ["pat.", "sat."], `[A-Za-z0-9_-]{22}\\.[a-f0-9]{24}\\.[A-Za-z0-9]{20}`),
  prefixed("teamcity-token", ["eyJ0eXAiOiAiVENWMiJ9."], "[A-Za-z0-9_-]{36}\\.[A-Za-z0-9_-]{48}"),
  prefixed("bitbucket-app-password", ["ATBB"], "[A-Za-z0-9_=.-]{28,40}", { validate: mixedClasses }),
  rule("azure-devops-token", ["AZDO"], String.raw`${B}[A-Za-z0-9]{60,80}AZDO[A-Za-z0-9]{4}${E}`, { back: 80 }),
  rule("gitlab-session-cookie", ["_gitlab_session="], String.raw`_gitlab_session=([0-9a-z]{32})${E}`, { group: true }),
  // Package registries and artifact stores
  prefixed("rubygems-token", ["rubygems_"], `${HEX}{48}`),
  prefixed("artifactory-api-key", ["AKCp"], "[A-Za-z0-9]{69}"),
  prefixed("artifactory-reference-token", ["cmVmd"], "[A-Za-z0-9]{59}"),
  prefixed("clojars-token", ["CLOJARS_"], "[a-z0-9]{60}"),
  prefixed("packagist-token", ["packagist_uut_", "packagist_out_", "packagist_ort_"], "[a-f0-9]{60,80}"),
  // Databases and data platforms
  prefixed("neon-api-key", ["napi_"], "[a-z0-9]{64}"),
  prefixed("xata-api-key", ["xau_"], "[A-Za-z0-9]{32,64}"),
  prefixed("elastic-cloud-api-key", ["essu_"], "[A-Za-z0-9+/]{80,200}={0,2}"),
  prefixed("planetscale-token", ["pscale_tkn_", "pscale_pw_", "pscale_oauth_"], "[A-Za-z0-9_.-]{32,64}"),
];
