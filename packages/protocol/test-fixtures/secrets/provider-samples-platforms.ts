// Synthetic tokens in the published formats of cloud, CI/CD, package-registry, database and secret-store providers.
// Every token is made here at run time from a seeded PRNG; the repository holds no literal token. `bare` marks the
// formats distinctive enough to be caught without a credential word beside them.
import { ALNUM, DIGITS, LOWER, UPPER } from "./random.ts";
import type { Random } from "./random.ts";

export interface ProviderSample {
  category: string;
  provider: string;
  /** The variable a developer would assign it to. */
  variable: string;
  make: (r: Random) => string;
  bare: boolean;
}

export const T = `${ALNUM}_-`;
export const B64 = `${ALNUM}+/`;
const uuid = (r: Random): string => r.uuid();
export const p = (
  category: string,
  provider: string,
  variable: string,
  make: (r: Random) => string,
  bare = true,
): ProviderSample => ({ category, provider, variable, make, bare });

const cloud = (provider: string, variable: string, make: (r: Random) => string, bare = true): ProviderSample =>
  p("cloud", provider, variable, make, bare);
const ci = (provider: string, variable: string, make: (r: Random) => string, bare = true): ProviderSample =>
  p("ci-cd", provider, variable, make, bare);
const registry = (provider: string, variable: string, make: (r: Random) => string, bare = true): ProviderSample =>
  p("registry", provider, variable, make, bare);
const database = (provider: string, variable: string, make: (r: Random) => string, bare = true): ProviderSample =>
  p("database", provider, variable, make, bare);

export const PLATFORM_SAMPLES: readonly ProviderSample[] = [
  cloud("aws-access-key", "AWS_ACCESS_KEY_ID", (r) => `${r.pick(["AKIA", "ASIA"])}${r.chars(UPPER + DIGITS, 16)}`),
  cloud("aws-secret-key", "AWS_SECRET_ACCESS_KEY", (r) => r.chars(B64, 40), false),
  cloud("aws-session-token", "AWS_SESSION_TOKEN", (r) => `IQoJb3JpZ2luX2Vj${r.chars(B64, 300)}`),
  cloud("gcp-api-key", "GOOGLE_API_KEY", (r) => `AIza${r.chars(T, 35)}`),
  cloud("google-oauth-secret", "GOOGLE_CLIENT_SECRET", (r) => `GOCSPX-${r.chars(T, 28)}`),
  cloud("google-oauth-access", "GOOGLE_ACCESS_TOKEN", (r) => `ya29.a0${r.chars(T, 120)}`),
  cloud("google-refresh-token", "GOOGLE_REFRESH_TOKEN", (r) => `1//0${r.chars(UPPER, 1)}${r.chars(T, 90)}`, false),
  cloud("azure-storage", "AZURE_STORAGE_KEY", (r) => `${r.chars(B64, 86)}==`, false),
  cloud(
    "azure-storage-connection",
    "AZURE_STORAGE_CONNECTION_STRING",
    (r) =>
      `DefaultEndpointsProtocol=https;AccountName=acme${r.int(10, 99)};AccountKey=${r.chars(B64, 86)}==;EndpointSuffix=core.windows.net`,
  ),
  cloud(
    "azure-service-bus",
    "SERVICEBUS_CONNECTION",
    (r) =>
      `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${r.chars(B64, 43)}=`,
  ),
  cloud(
    "azure-sas",
    "AZURE_BLOB_SAS_URL",
    (r) =>
      `https://acme.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-01-01T00:00:00Z&sig=${r.chars(B64.replace("+", "").replace("/", ""), 40)}%2B${r.alnum(8)}%3D`,
  ),
  cloud("azure-devops-pat-v2", "ADO_TOKEN", (r) => `${r.alnum(72)}AZDO${r.alnum(4)}`),
  cloud("yandex-iam", "YC_IAM_TOKEN", (r) => `t1.${r.chars(T, 60)}.${r.chars(T, 86)}`),
  cloud("vercel-prefixed", "VERCEL_TOKEN", (r) => `vcp_${r.alnum(40)}`),
  cloud(
    "azure-ad-secret",
    "AZURE_CLIENT_SECRET",
    (r) => `${r.alnum(3)}${r.int(0, 9)}Q~${r.chars(`${ALNUM}_~.-`, 33)}x`,
  ),
  cloud("azure-openai", "AZURE_OPENAI_API_KEY", (r) => r.hex(32), false),
  cloud("azure-devops-pat", "AZURE_DEVOPS_PAT", (r) => r.chars("abcdefghijklmnopqrstuvwxyz234567", 52), false),
  cloud("alibaba-key-id", "ALIBABA_CLOUD_ACCESS_KEY_ID", (r) => `LTAI${r.alnum(20)}`),
  cloud("alibaba-secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", (r) => r.alnum(30), false),
  cloud("tencent-secret-id", "TENCENTCLOUD_SECRET_ID", (r) => `AKID${r.alnum(32)}`),
  cloud("yandex-api-key", "YC_API_KEY", (r) => `AQVN${r.chars(T, 36)}`),
  cloud("yandex-access-key", "YC_ACCESS_KEY", (r) => `YC${r.chars(T, 38)}`),
  cloud("yandex-oauth", "YC_OAUTH_TOKEN", (r) => `y0_${r.chars(T, 55)}`),
  cloud("cloudflare-origin-ca", "CF_ORIGIN_CA_KEY", (r) => `v1.0-${r.hex(24)}-${r.hex(146)}`),
  cloud("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", (r) => r.chars(T, 40), false),
  cloud("cloudflare-global-key", "CLOUDFLARE_API_KEY", (r) => r.hex(37), false),
  cloud("digitalocean", "DIGITALOCEAN_TOKEN", (r) => `${r.pick(["dop_v1_", "doo_v1_"])}${r.hex(64)}`),
  cloud("heroku", "HEROKU_API_KEY", (r) => `HRKU-AA${r.chars(T, 58)}`),
  cloud("linode", "LINODE_TOKEN", (r) => r.hex(64), false),
  cloud("vultr", "VULTR_API_KEY", (r) => r.chars(UPPER + DIGITS, 36), false),
  cloud("scaleway", "SCW_ACCESS_KEY", (r) => `SCW${r.chars(UPPER + DIGITS, 17)}`),
  cloud("hetzner", "HCLOUD_TOKEN", (r) => r.alnum(64), false),
  cloud("ibm-cloud", "IBMCLOUD_API_KEY", (r) => r.chars(T, 44), false),
  cloud("oracle-cloud", "OCI_AUTH_TOKEN", (r) => r.chars(`${ALNUM}();:<>[]{}.-_#`, 20).replace(/[#]/g, "x"), false),
  cloud("flyio", "FLY_API_TOKEN", (r) => `FlyV1 fm2_${r.chars(`${B64}_`, 200)}`),
  cloud("netlify", "NETLIFY_AUTH_TOKEN", (r) => `nfp_${r.alnum(36)}`),
  cloud("render", "RENDER_API_KEY", (r) => `rnd_${r.alnum(32)}`),
  cloud("vercel", "VERCEL_TOKEN", (r) => r.alnum(24), false),
  cloud("railway", "RAILWAY_TOKEN", uuid, false),
  cloud("supabase-pat", "SUPABASE_ACCESS_TOKEN", (r) => `sbp_${r.hex(40)}`),
  cloud("supabase-secret", "SUPABASE_SECRET_KEY", (r) => `sb_secret_${r.chars(T, 31)}`),
  cloud("vault", "VAULT_TOKEN", (r) => `hvs.${r.chars(T, 90)}`),
  cloud("vault-legacy", "VAULT_TOKEN", (r) => `s.${r.alnum(20)}${r.int(1000, 9999)}`),
  cloud("doppler", "DOPPLER_TOKEN", (r) => `dp.st.${r.pick(["dev", "prd"])}.${r.alnum(43)}`),
  cloud("1password-service", "OP_SERVICE_ACCOUNT_TOKEN", (r) => `ops_eyJ${r.chars(B64, 400)}`),
  cloud(
    "1password-secret-key",
    "OP_SECRET_KEY",
    (r) =>
      `A3-${r.chars(UPPER + DIGITS, 6)}-${r.chars(UPPER + DIGITS, 6)}-${r.chars(UPPER + DIGITS, 5)}-${r.chars(UPPER + DIGITS, 5)}-${r.chars(UPPER + DIGITS, 5)}-${r.chars(UPPER + DIGITS, 5)}`,
  ),
  cloud("infisical", "INFISICAL_TOKEN", (r) => `st.${r.uuid()}.${r.hex(32)}.${r.hex(32)}`),
  cloud("pulumi", "PULUMI_ACCESS_TOKEN", (r) => `pul-${r.hex(40)}`),
  cloud("terraform-cloud", "TFE_TOKEN", (r) => `${r.alnum(14)}.atlasv1.${r.chars(T, 67)}`),
  cloud("contentful", "CONTENTFUL_MANAGEMENT_TOKEN", (r) => `CFPAT-${r.chars(T, 43)}`),
  cloud("okta", "OKTA_API_TOKEN", (r) => `00${r.chars(T, 40)}`, false),
  cloud("auth0", "AUTH0_CLIENT_SECRET", (r) => r.chars(T, 64), false),
  cloud("firebase-fcm", "FCM_SERVER_KEY", (r) => `AAAA${r.chars(T, 7)}:APA91b${r.chars(T, 134)}`, false),
  ci("github-classic", "GITHUB_TOKEN", (r) => `${r.pick(["ghp_", "gho_", "ghs_", "ghu_", "ghr_"])}${r.alnum(36)}`),
  ci("github-fine-grained", "GH_TOKEN", (r) => `github_pat_${r.alnum(22)}_${r.alnum(59)}`),
  ci("gitlab", "GITLAB_TOKEN", (r) => `${r.pick(["glpat-", "glrt-", "gldt-", "glptt-"])}${r.chars(T, 20)}`),
  ci("gitlab-session", "GITLAB_COOKIE", (r) => `_gitlab_session=${r.chars(LOWER + DIGITS, 32)}`),
  ci("bitbucket-app-password", "BITBUCKET_APP_PASSWORD", (r) => `ATBB${r.alnum(32)}`),
  ci("circleci-pat", "CIRCLECI_TOKEN", (r) => `CCIPAT_${r.alnum(22)}_${r.hex(40)}`),
  ci("circleci-legacy", "CIRCLE_TOKEN", (r) => r.hex(40), false),
  ci("travis", "TRAVIS_API_TOKEN", (r) => r.chars(T, 22), false),
  ci("buildkite", "BUILDKITE_API_TOKEN", (r) => `bkua_${r.hex(40)}`),
  ci("drone", "DRONE_TOKEN", (r) => r.alnum(32), false),
  ci("codecov", "CODECOV_TOKEN", uuid, false),
  ci("sonarqube", "SONAR_TOKEN", (r) => `${r.pick(["sqp_", "squ_", "sqa_"])}${r.hex(40)}`),
  ci("snyk", "SNYK_TOKEN", uuid, false),
  ci("octopus", "OCTOPUS_API_KEY", (r) => `API-${r.chars(UPPER + DIGITS, 26)}`),
  ci("jenkins", "JENKINS_API_TOKEN", (r) => `11${r.hex(32)}`, false),
  ci("harness", "HARNESS_API_KEY", (r) => `pat.${r.chars(T, 22)}.${r.hex(24)}.${r.alnum(20)}`),
  ci("teamcity", "TEAMCITY_TOKEN", (r) => `eyJ0eXAiOiAiVENWMiJ9.${r.chars(T, 36)}.${r.chars(T, 48)}`),
  ci("sourcegraph", "SRC_ACCESS_TOKEN", (r) => `sgp_${r.hex(16)}_${r.hex(40)}`),
  ci("sourcegraph-local", "SRC_ACCESS_TOKEN", (r) => `sgp_local_${r.hex(40)}`),
  ci("bitrise", "BITRISE_TOKEN", (r) => r.chars(T, 86), false),
  ci("appveyor", "APPVEYOR_API_TOKEN", (r) => `v2.${r.alnum(20)}`, false),
  ci(
    "argocd",
    "ARGOCD_AUTH_TOKEN",
    (r) => `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${r.chars(T, 80)}.${r.chars(T, 43)}`,
  ),
  registry("npm", "NPM_TOKEN", (r) => `npm_${r.alnum(36)}`),
  registry("pypi", "TWINE_PASSWORD", (r) => `pypi-AgEIcHlwaS5vcmc${r.chars(T, 120)}`),
  registry("rubygems", "GEM_HOST_API_KEY", (r) => `rubygems_${r.hex(48)}`),
  registry("nuget", "NUGET_API_KEY", (r) => `oy2${r.chars(LOWER + DIGITS, 43)}`, false),
  registry("crates", "CARGO_REGISTRY_TOKEN", (r) => `cio${r.alnum(32)}`, false),
  registry("docker-hub", "DOCKERHUB_TOKEN", (r) => `dckr_pat_${r.chars(T, 27)}`),
  registry("artifactory-api", "ARTIFACTORY_API_KEY", (r) => `AKCp${r.alnum(69)}`),
  registry("artifactory-reference", "JFROG_ACCESS_TOKEN", (r) => `cmVmd${r.alnum(59)}`),
  registry("packagist", "PACKAGIST_TOKEN", (r) => `packagist_uut_${r.hex(68)}`),
  registry("clojars", "CLOJARS_DEPLOY_TOKEN", (r) => `CLOJARS_${r.chars(LOWER + DIGITS, 60)}`),
  registry("cloudsmith", "CLOUDSMITH_API_KEY", (r) => r.hex(40), false),
  registry("gemfury", "FURY_TOKEN", (r) => r.chars(T, 20), false),
  registry("sonatype", "OSSRH_PASSWORD", (r) => r.chars(`${ALNUM}+/`, 44), false),
  registry("github-packages", "NODE_AUTH_TOKEN", (r) => `ghp_${r.alnum(36)}`),
  database("postgres-url", "DATABASE_URL", (r) => `postgres://app:${r.alnum(20)}@db.internal:5432/app`),
  database("mongodb-url", "MONGODB_URI", (r) => `mongodb+srv://admin:${r.alnum(16)}@cluster0.x1y2z.mongodb.net/shop`),
  database("redis-url", "REDIS_URL", (r) => `rediss://default:${r.alnum(32)}@redis-12345.c1.cloud.redislabs.com:12345`),
  database("mysql-url", "MYSQL_URL", (r) => `mysql://root:${r.alnum(18)}@10.0.0.5:3306/app`),
  database("planetscale", "PLANETSCALE_PASSWORD", (r) => `pscale_pw_${r.chars(T, 43)}`),
  database("neon", "NEON_API_KEY", (r) => `napi_${r.chars(LOWER + DIGITS, 64)}`),
  database("xata", "XATA_API_KEY", (r) => `xau_${r.alnum(36)}`),
  database("fauna", "FAUNA_SECRET", (r) => `fnA${r.chars(T, 37)}`, false),
  database("elastic-cloud", "EC_API_KEY", (r) => `essu_${r.chars(B64, 100)}==`),
  database("mongodb-atlas", "MONGODB_ATLAS_PRIVATE_KEY", uuid, false),
  database("influxdb", "INFLUXDB_TOKEN", (r) => `${r.chars(T, 86)}==`, false),
  database("upstash", "UPSTASH_REDIS_REST_TOKEN", (r) => `A${r.chars(T, 60)}=`, false),
  database(
    "turso",
    "TURSO_AUTH_TOKEN",
    (r) => `eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJ${r.chars(T, 90)}.${r.chars(T, 86)}`,
  ),
  database("clickhouse", "CLICKHOUSE_PASSWORD", (r) => r.chars(`${ALNUM}~._`, 24), false),
  database("snowflake", "SNOWFLAKE_PASSWORD", (r) => r.chars(`${ALNUM}!#%`, 16), false),
  database(
    "convex",
    "CONVEX_DEPLOY_KEY",
    (r) => `prod:${r.pick(["happy", "brave"])}-${r.pick(["otter", "fox"])}-${r.int(100, 999)}|${r.chars(T, 60)}`,
    false,
  ),
  database("aiven", "AIVEN_TOKEN", (r) => r.chars(`${B64}`, 372), false),
  database("databricks", "DATABRICKS_TOKEN", (r) => `dapi${r.hex(32)}`),
];
