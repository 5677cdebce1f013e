// Secrets in the assignment syntaxes of the files a coding agent reads: each builder places a value (made by the caller
// at run time) after a credential-named key in one syntax.
import type { Random } from "./random.ts";

type Place = (r: Random, value: string) => string;

const KEYS = ["API_TOKEN", "DB_PASSWORD", "SECRET_KEY", "AUTH_TOKEN", "CLIENT_SECRET", "ACCESS_TOKEN", "PRIVATE_TOKEN"];
const camel = (key: string): string => key.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** [syntax name, placer]. The value is always the whole secret. */
export const SYNTAXES: readonly [string, Place][] = [
  ["makefile ::=", (r, v) => `# Makefile\n${r.pick(KEYS)} ::= ${v}\n\ndeploy:\n\t./deploy.sh`],
  ["makefile :::=", (r, v) => `${r.pick(KEYS)} :::= ${v}\nexport ${r.pick(KEYS)}`],
  ["makefile :=", (r, v) => `${r.pick(KEYS)} := ${v}\nall: build`],
  ["makefile ?=", (r, v) => `${r.pick(KEYS)} ?= ${v}\nREGION ?= eu-west-1`],
  ["makefile +=", (r, v) => `DOCKER_ARGS += --build-arg ${r.pick(KEYS)}=${v}`],
  ["php .=", (r, v) => `<?php\n$${camel(r.pick(KEYS))} = "";\n$${camel(r.pick(KEYS))} .= "${v}";`],
  ["php define", (r, v) => `define('${r.pick(KEYS)}', '${v}');`],
  ["php array", (r, v) => `'${camel(r.pick(KEYS))}' => '${v}',`],
  [
    "xml element own line",
    (r, v) => ((k) => `<settings>\n  <${k}>\n    ${v}\n  </${k}>\n</settings>`)(camel(r.pick(KEYS))),
  ],
  ["xml element", (_r, v) => `<configuration>\n  <password>${v}</password>\n</configuration>`],
  [
    "nuget add key",
    (_, v) =>
      `<packageSourceCredentials>\n  <feed>\n    <add key="Username" value="ci" />\n    <add key="ClearTextPassword" value="${v}" />\n  </feed>\n</packageSourceCredentials>`,
  ],
  ["nuget password", (_, v) => `<add key="Password" value="${v}" />`],
  [
    "appsettings add key",
    (r, v) =>
      `<appSettings>\n  <add key="${r.pick(["ApiKey", "AuthToken", "ClientSecret"])}" value="${v}" />\n</appSettings>`,
  ],
  [
    "ant property",
    (r, v) => `<property name="${r.pick(["db.password", "deploy.token", "api.secret"])}" value="${v}"/>`,
  ],
  ["go var typed", (r, v) => `package config\n\nvar ${camel(r.pick(KEYS))} string = "${v}"`],
  ["go const", (r, v) => `const ${camel(r.pick(KEYS))} = "${v}"`],
  ["go short", (r, v) => `\t${camel(r.pick(KEYS))} := "${v}"`],
  ["ts typed", (r, v) => `const ${camel(r.pick(KEYS))}: string = "${v}";`],
  ["rust typed", (r, v) => `const ${r.pick(KEYS)}: &str = "${v}";`],
  ["kotlin val", (r, v) => `val ${camel(r.pick(KEYS))}: String = "${v}"`],
  ["swift let", (r, v) => `let ${camel(r.pick(KEYS))} = "${v}"`],
  ["java field", (r, v) => `private static final String ${r.pick(KEYS)} = "${v}";`],
  [
    "csharp property",
    (r, v) => `public string ${r.pick(["ApiToken", "ClientSecret", "Password"])} { get; set; } = "${v}";`,
  ],
  ["json env string", (r, v) => `{"env": "NODE_ENV=production\\n${r.pick(KEYS)}=${v}\\nPORT=8080\\n"}`],
  ["json env string first", (r, v) => `"dotenv": "${r.pick(KEYS)}=${v}\\nDEBUG=false"`],
  ["yaml", (r, v) => `auth:\n  ${camel(r.pick(KEYS))}: ${v}\n`],
  ["yaml quoted", (r, v) => `  ${r.pick(KEYS).toLowerCase()}: '${v}'`],
  ["toml", (r, v) => `[deploy]\n${r.pick(KEYS).toLowerCase()} = "${v}"`],
  ["ini", (r, v) => `[credentials]\n${r.pick(KEYS).toLowerCase()}=${v}`],
  ["dotenv export", (r, v) => `export ${r.pick(KEYS)}=${v}`],
  ["dockerfile env", (r, v) => `FROM node:22\nENV ${r.pick(KEYS)}=${v}`],
  ["dockerfile arg", (r, v) => `ARG ${r.pick(KEYS)}="${v}"`],
  ["python kwarg", (r, v) => `client = Client(${r.pick(KEYS).toLowerCase()}="${v}")`],
  ["python dict", (r, v) => `settings = {"${r.pick(KEYS).toLowerCase()}": "${v}"}`],
  ["ruby symbol", (r, v) => `config.${r.pick(KEYS).toLowerCase()} = '${v}'`],
  ["ruby hash", (r, v) => `{ ${r.pick(KEYS).toLowerCase()}: "${v}" }`],
  ["terraform", (r, v) => `variable "x" {\n  ${r.pick(KEYS).toLowerCase()} = "${v}"\n}`],
  ["powershell", (r, v) => `$env:${r.pick(KEYS)} = "${v}"`],
  ["fish set", (r, v) => `set -gx ${r.pick(KEYS)} ${v}`],
  ["gradle properties", (_, v) => `signing.password=${v}\norg.gradle.jvmargs=-Xmx2g`],
  ["maven settings", (_, v) => `<server>\n  <id>central</id>\n  <password>\n    ${v}\n  </password>\n</server>`],
  ["cli flag", (r, v) => `deploy-cli --${r.pick(["token", "api-key", "password", "client-secret"])}=${v} --region eu`],
  ["cli flag spaced", (r, v) => `deploy-cli --${r.pick(["token", "api-key", "password"])} ${v}`],
  [
    "k8s secret data",
    (r, v) =>
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n  ${r.pick(["password", "api-token", "DATABASE_URL", "connection", "value"])}: ${Buffer.from(v).toString("base64")}\n`,
  ],
  [
    "k8s secret data second",
    (_, v) =>
      `kind: Secret\napiVersion: v1\ndata:\n  username: YWRtaW4=\n  credentials: ${Buffer.from(v).toString("base64")}\n`,
  ],
  ["k8s secret stringData", (r, v) => `kind: Secret\nstringData:\n  ${r.pick(["config", "value", "client"])}: ${v}\n`],
];

/** Whether a placer stores the value base64-encoded (the secret to look for is then the encoded form). */
export function encodedIn(syntax: string): boolean {
  return syntax.startsWith("k8s secret data");
}
