// The one table of the environment variables the Server and the `powercontext` CLI read, in one scheme: where
// PowerContext keeps its files is POWERCONTEXT_HOME; the Server's settings are POWERCONTEXT_SERVER_<SETTING> (upstream's
// prefix); the CLI as a client of a Server is POWERCONTEXT_CLIENT_<SETTING>; the Pi packages keep POWERCONTEXT_PI_… and
// POWERCONTEXT_STATE_… (their own config.ts). Names used before the scheme are still read, with a one-line notice;
// the current name wins when both are set. docs/configuration.md lists the same names (a test keeps them equal).

export interface SettingName {
  name: string;
  /** Who reads it. */
  readBy: "server" | "cli" | "server and cli";
  meaning: string;
  /** The name used before this scheme; still read, with a deprecation notice. */
  former?: string;
}

const SERVER = "server";

export const SETTING_NAMES: readonly SettingName[] = [
  {
    name: "POWERCONTEXT_HOME",
    readBy: "server and cli",
    meaning: "Data directory (default $XDG_DATA_HOME/powercontext, else ~/.local/share/powercontext).",
  },
  { name: "POWERCONTEXT_SERVER_HOST", readBy: SERVER, meaning: "Listen address (default 127.0.0.1)." },
  { name: "POWERCONTEXT_SERVER_PORT", readBy: SERVER, meaning: "Listen port (default 8000)." },
  {
    name: "POWERCONTEXT_SERVER_TOKEN",
    readBy: "server and cli",
    meaning: "Bearer token; required to listen on a non-loopback address. The CLI sends it to the Server.",
  },
  {
    name: "POWERCONTEXT_SERVER_DATABASE_URL",
    readBy: SERVER,
    meaning: "postgres://… selects PostgreSQL (default: the embedded SQLite store).",
  },
  {
    name: "POWERCONTEXT_SERVER_REVIEW_POLICY",
    readBy: SERVER,
    meaning: "auto (default) or manual.",
    former: "POWERCONTEXT_REVIEW_POLICY",
  },
  {
    name: "POWERCONTEXT_SERVER_REVIEW_THRESHOLD",
    readBy: SERVER,
    meaning: "Confidence at or above which `auto` approves a candidate (default 0.7).",
    former: "POWERCONTEXT_REVIEW_THRESHOLD",
  },
  {
    name: "POWERCONTEXT_SERVER_EXTRACTOR",
    readBy: SERVER,
    meaning: "rules (default), verbatim, or llm (needs a model).",
    former: "POWERCONTEXT_EXTRACTOR",
  },
  ...endpointNames("MODEL", [
    ["BASE_URL", "OpenAI-compatible chat endpoint base, e.g. http://127.0.0.1:11434/v1 (default: no model)."],
    ["NAME", "Model name sent in each request; required with a base URL."],
    ["API_KEY", "Bearer key for the endpoint (optional); refused over plain HTTP to a non-loopback host."],
    ["TIMEOUT_MS", "Per-call deadline in ms, queueing included (default 30000; 100–600000)."],
    ["CONCURRENCY", "Model calls in flight at once (default 2; 1–64)."],
  ]),
  ...endpointNames("EMBEDDING", [
    ["BASE_URL", "OpenAI-compatible embeddings endpoint base; enables vector and hybrid search (default: off)."],
    ["MODEL", "Embedding model name sent in each request; required with an embedding base URL."],
    ["API_KEY", "Bearer key for the embeddings endpoint (optional); refused over plain HTTP to a non-loopback host."],
    ["RECALL_TIMEOUT_MS", "How long a recall waits for the endpoint before the built-in layer answers (default 300)."],
  ]),
  {
    name: "POWERCONTEXT_SERVER_SEMANTIC_RECALL",
    readBy: SERVER,
    meaning: "builtin (default: recall by meaning with the built-in word vectors) or off (lexical only).",
    former: "POWERCONTEXT_SEMANTIC_RECALL",
  },
  {
    name: "POWERCONTEXT_SERVER_LOG_LEVEL",
    readBy: SERVER,
    meaning: "fatal | error | warn | info (default) | debug | trace | silent.",
    former: "POWERCONTEXT_LOG_LEVEL",
  },
  {
    name: "POWERCONTEXT_SERVER_SQLITE_SYNCHRONOUS",
    readBy: SERVER,
    meaning: "full (default: fsync every commit) or normal.",
    former: "POWERCONTEXT_SQLITE_SYNCHRONOUS",
  },
  {
    name: "POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED",
    readBy: SERVER,
    meaning: "Serve upstream's Handoff Report operations under /v1/handoff-reports/ (default true; false: 404).",
  },
  {
    name: "POWERCONTEXT_SERVER_SKILL_ROOTS",
    readBy: SERVER,
    meaning:
      "Absolute directories scanned for external Skill folders (SKILL.md), separated by ':'; each may start with user=, project= or plugin= (default user). Unset: external Skills are off.",
  },
  {
    name: "POWERCONTEXT_SERVER_HOST_ID",
    readBy: SERVER,
    meaning: "This host's id in external Skill registrations (default: the host name).",
  },
  {
    name: "POWERCONTEXT_CLIENT_SERVER_URL",
    readBy: "cli",
    meaning: "The Server the CLI talks to (default http://127.0.0.1:8000); --server-url wins.",
    former: "POWERCONTEXT_SERVER_URL",
  },
];

/** POWERCONTEXT_SERVER_<family>_<suffix>, formerly POWERCONTEXT_<family>_<suffix>. */
function endpointNames(family: string, settings: readonly (readonly [string, string])[]): SettingName[] {
  return settings.map(([suffix, meaning]) => ({
    name: `POWERCONTEXT_SERVER_${family}_${suffix}`,
    readBy: SERVER,
    meaning,
    former: `POWERCONTEXT_${family}_${suffix}`,
  }));
}

type Environment = Readonly<Record<string, string | undefined>>;

export interface RenamedSetting {
  former: string;
  current: string;
}

/** The former names set (non-empty) in `env`; a current name set too does not make a former one less deprecated. */
export function formerNamesIn(env: Environment): RenamedSetting[] {
  return SETTING_NAMES.flatMap(({ name, former }) =>
    former !== undefined && env[former] !== undefined && env[former] !== "" ? [{ former, current: name }] : [],
  );
}

/** `env` with each former name's value under its current name, unless the current name is set. Pure. */
export function withCurrentNames(env: Environment): Environment {
  const renamed = formerNamesIn(env);
  if (renamed.length === 0) return env;
  const copy: Record<string, string | undefined> = { ...env };
  for (const { former, current } of renamed) if (copy[current] === undefined) copy[current] = env[former];
  return copy;
}

/** One line naming every former name in use and its replacement; null when none is. */
export function deprecationNotice(renamed: readonly RenamedSetting[]): string | null {
  if (renamed.length === 0) return null;
  const pairs = renamed.map(({ former, current }) => `${former} → ${current}`).join(", ");
  return `powercontext: deprecated setting names (still read; rename them, see docs/configuration.md): ${pairs}`;
}
