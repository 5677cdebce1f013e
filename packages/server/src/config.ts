// Environment + flags → one validated Config. Nothing else reads the environment.
import { homedir, hostname } from "node:os";
import { isIP } from "node:net";
import { FALSE_WORDS, TRUE_WORDS } from "@powercontext/pi-kit";
import { isAbsolute, join } from "node:path";
import { PowerContextError } from "./errors.ts";
import type { ReviewPolicy } from "./domain/deps.ts";
import { EXTRACTOR_NAMES, type ExtractorName } from "./domain/extract/types.ts";
import { DEFAULT_AUTO_THRESHOLD } from "./domain/review/policy.ts";
import { formerNamesIn, type RenamedSetting, withCurrentNames } from "./setting-names.ts";

export type { ExtractorName };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An OpenAI-compatible chat-completions endpoint (see docs/server.md, "Model provider"). */
export interface ModelConfig {
  /** e.g. `http://127.0.0.1:11434/v1`; requests go to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  name: string;
  apiKey: string | null;
  timeoutMs: number;
  concurrency: number;
}

/** An OpenAI-compatible embeddings endpoint (see docs/server.md, "Embeddings"); requests go to `{baseUrl}/embeddings`. */
export interface EmbeddingConfig extends ModelConfig {
  /**
   * How long a recall (prepare, search `auto`) waits for its prompt's vector from the endpoint before it uses the
   * built-in layer instead. A recall is on every turn's path, so this is short; `timeoutMs` bounds the other calls.
   */
  recallTimeoutMs: number;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  token: string | null;
  reviewPolicy: ReviewPolicy;
  extractor: ExtractorName;
  logLevel: LogLevel;
  sqliteSynchronous: "full" | "normal";
  /** Null when no model is configured; everything works without one. */
  model: ModelConfig | null;
  /** Null when no embedding endpoint is configured: search is lexical only (`vector` and `hybrid` answer 422). */
  embedding: EmbeddingConfig | null;
  /** `builtin` (default): recall fuses lexical and built-in word-vector ranking; `off`: lexical only. */
  semanticRecall: "builtin" | "off";
  /** Serve upstream's optional Handoff Report group (`/v1/handoff-reports/…`); on unless switched off. */
  handoffReports: boolean;
  /** Null when no roots are configured (the default): external-skills/* answer 422 capability_not_supported. */
  externalSkills: ExternalSkillsConfig | null;
}

/** Where external Skill folders are looked for, and the host id their registrations carry. */
export interface ExternalSkillsConfig {
  roots: Array<{ path: string; scope: "user" | "project" | "plugin" }>;
  hostId: string;
}

export interface ConfigFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
}

type Environment = Readonly<Record<string, string | undefined>>;

function invalid(message: string): PowerContextError {
  return new PowerContextError("configuration_invalid", message);
}

/** The variable `name`: one of `allowed`, or `fallback` when unset or empty. */
function oneOf<T extends string>(env: Environment, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(`${name} must be one of ${allowed.join(", ")}; got "${value}".`);
}

/** The variable `name`: a whole number in [min, max], or `fallback` when unset or empty. */
function integerSetting(
  env: Environment,
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw invalid(`${name} must be an integer ${min}–${max}; got "${value}".`);
  return number;
}

/** The switch `name` in the shared words (true: 1, true, yes, on; false: 0, false, no, off; any case). */
function switchSetting(env: Environment, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === "") return fallback;
  if (TRUE_WORDS.includes(value)) return true;
  if (FALSE_WORDS.includes(value)) return false;
  throw invalid(`${name} must be true or false (or 1/0, yes/no, on/off).`);
}

export function defaultDataDir(env: Environment): string {
  if (env.POWERCONTEXT_HOME) return env.POWERCONTEXT_HOME;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, "powercontext");
  return join(env.HOME ?? homedir(), ".local", "share", "powercontext");
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

export const DEFAULT_MODEL_TIMEOUT_MS = 30_000;
export const DEFAULT_MODEL_CONCURRENCY = 2;
export const DEFAULT_EMBEDDING_TIMEOUT_MS = 10_000;
export const DEFAULT_EMBEDDING_CONCURRENCY = 2;
export const DEFAULT_EMBEDDING_RECALL_TIMEOUT_MS = 300;

/** The model settings, or null when POWERCONTEXT_SERVER_MODEL_BASE_URL is unset. */
export function loadModelConfig(env: Environment): ModelConfig | null {
  const endpoint = loadEndpoint(env, {
    base: "POWERCONTEXT_SERVER_MODEL_BASE_URL",
    name: "POWERCONTEXT_SERVER_MODEL_NAME",
    key: "POWERCONTEXT_SERVER_MODEL_API_KEY",
  });
  if (endpoint === null) return null;
  return {
    ...endpoint,
    timeoutMs: integerSetting(env, "POWERCONTEXT_SERVER_MODEL_TIMEOUT_MS", {
      min: 100,
      max: 600_000,
      fallback: DEFAULT_MODEL_TIMEOUT_MS,
    }),
    concurrency: integerSetting(env, "POWERCONTEXT_SERVER_MODEL_CONCURRENCY", {
      min: 1,
      max: 64,
      fallback: DEFAULT_MODEL_CONCURRENCY,
    }),
  };
}

/** The embedding settings, or null when POWERCONTEXT_SERVER_EMBEDDING_BASE_URL is unset (the default). */
export function loadEmbeddingConfig(env: Environment): EmbeddingConfig | null {
  const endpoint = loadEndpoint(env, {
    base: "POWERCONTEXT_SERVER_EMBEDDING_BASE_URL",
    name: "POWERCONTEXT_SERVER_EMBEDDING_MODEL",
    key: "POWERCONTEXT_SERVER_EMBEDDING_API_KEY",
  });
  if (endpoint === null) {
    if (env.POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS)
      throw invalid("POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS needs POWERCONTEXT_SERVER_EMBEDDING_BASE_URL.");
    return null;
  }
  return {
    ...endpoint,
    timeoutMs: DEFAULT_EMBEDDING_TIMEOUT_MS,
    concurrency: DEFAULT_EMBEDDING_CONCURRENCY,
    recallTimeoutMs: integerSetting(env, "POWERCONTEXT_SERVER_EMBEDDING_RECALL_TIMEOUT_MS", {
      min: 10,
      max: 5000,
      fallback: DEFAULT_EMBEDDING_RECALL_TIMEOUT_MS,
    }),
  };
}

/** An OpenAI-compatible endpoint's base URL, model name and key from the three named variables, or null without a base. */
function loadEndpoint(
  env: Environment,
  variables: { base: string; name: string; key: string },
): Pick<ModelConfig, "baseUrl" | "name" | "apiKey"> | null {
  const baseUrl = env[variables.base] || null;
  const name = env[variables.name] || null;
  const apiKey = env[variables.key] || null;
  if (baseUrl === null) {
    if (name !== null || apiKey !== null)
      throw invalid(`${variables.name} and ${variables.key} need ${variables.base}.`);
    return null;
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalid(`${variables.base} must be an http:// or https:// URL; got "${baseUrl}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`${variables.base} must be an http:// or https:// URL; got "${baseUrl}".`);
  }
  if (name === null) throw invalid(`${variables.name} is required with ${variables.base}.`);
  if (apiKey !== null && url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw invalid(`Refusing to send ${variables.key} over plain HTTP to a non-loopback ${variables.base}.`);
  }
  return { baseUrl, name, apiKey };
}

const SKILL_ROOT_SCOPES = ["user", "project", "plugin"] as const;

/** POWERCONTEXT_SERVER_SKILL_ROOTS: `[scope=]/absolute/path` items separated by ':'; null when unset or empty. */
export function loadExternalSkillsConfig(env: Environment): ExternalSkillsConfig | null {
  const text = env.POWERCONTEXT_SERVER_SKILL_ROOTS ?? "";
  if (text.trim() === "") return null;
  const roots = text
    .split(":")
    .filter((item) => item.trim() !== "")
    .map((item) => {
      const [, scope = "user", path = ""] = /^(?:(user|project|plugin)=)?(.*)$/u.exec(item.trim()) ?? [];
      if (!isAbsolute(path))
        throw invalid(`POWERCONTEXT_SERVER_SKILL_ROOTS entries must be absolute paths; got "${item}".`);
      return { path, scope: scope as (typeof SKILL_ROOT_SCOPES)[number] };
    });
  const hostId = (env.POWERCONTEXT_SERVER_HOST_ID ?? hostname()).trim();
  if (!/^\S(?:.*\S)?$/u.test(hostId) || hostId.length > 128) {
    throw invalid("POWERCONTEXT_SERVER_HOST_ID must be one line of 1–128 characters.");
  }
  return { roots, hostId };
}

/**
 * Reads the Server's settings by their current names (docs/configuration.md); a former name still works. An error
 * about a setting given under its former name says so.
 */
export function loadConfig(env: Environment, flags: ConfigFlags = {}): Config {
  const renamed = formerNamesIn(env).filter(({ current }) => env[current] === undefined);
  try {
    return readConfig(withCurrentNames(env), flags);
  } catch (error) {
    throw namingFormerSettings(error, renamed);
  }
}

function namingFormerSettings(error: unknown, renamed: readonly RenamedSetting[]): unknown {
  if (!(error instanceof PowerContextError)) return error;
  const message = renamed.reduce(
    (text, { former, current }) => text.replace(current, `${current} (given as ${former})`),
    error.message,
  );
  return message === error.message ? error : new PowerContextError(error.code, message, { cause: error });
}

function readConfig(env: Environment, flags: ConfigFlags): Config {
  const host = flags.host ?? env.POWERCONTEXT_SERVER_HOST ?? "127.0.0.1";
  const portText = String(flags.port ?? env.POWERCONTEXT_SERVER_PORT ?? "8000");
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw invalid(`The port must be an integer 0–65535; got "${portText}".`);
  const token = env.POWERCONTEXT_SERVER_TOKEN ?? null;
  if (token !== null && (token.length < 16 || /\s/.test(token))) {
    throw invalid("POWERCONTEXT_SERVER_TOKEN must be at least 16 characters without whitespace.");
  }
  if (token === null && !isLoopbackHost(host)) {
    throw invalid(`Refusing to listen on non-loopback address ${host} without POWERCONTEXT_SERVER_TOKEN.`);
  }
  const databaseUrl = env.POWERCONTEXT_SERVER_DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw invalid("POWERCONTEXT_SERVER_DATABASE_URL must start with postgres:// or postgresql://.");
  }
  const mode = oneOf(env, "POWERCONTEXT_SERVER_REVIEW_POLICY", ["auto", "manual"], "auto");
  const thresholdText = env.POWERCONTEXT_SERVER_REVIEW_THRESHOLD ?? String(DEFAULT_AUTO_THRESHOLD);
  const threshold = Number(thresholdText);
  if (thresholdText.trim() === "" || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw invalid(`POWERCONTEXT_SERVER_REVIEW_THRESHOLD must be a number in [0, 1]; got "${thresholdText}".`);
  }
  const model = loadModelConfig(env);
  const embedding = loadEmbeddingConfig(env);
  const extractor = oneOf(env, "POWERCONTEXT_SERVER_EXTRACTOR", EXTRACTOR_NAMES, "rules");
  if (extractor === "llm" && model === null)
    throw invalid("POWERCONTEXT_SERVER_EXTRACTOR=llm needs a model: set POWERCONTEXT_SERVER_MODEL_BASE_URL.");
  return {
    host,
    port,
    dataDir: flags.dataDir ?? defaultDataDir(env),
    databaseUrl,
    token,
    reviewPolicy: mode === "auto" ? { mode, threshold } : { mode },
    extractor,
    logLevel: oneOf(env, "POWERCONTEXT_SERVER_LOG_LEVEL", LOG_LEVELS, "info"),
    sqliteSynchronous: oneOf(env, "POWERCONTEXT_SERVER_SQLITE_SYNCHRONOUS", ["full", "normal"], "full"),
    model,
    embedding,
    semanticRecall: oneOf(env, "POWERCONTEXT_SERVER_SEMANTIC_RECALL", ["builtin", "off"], "builtin"),
    handoffReports: switchSetting(env, "POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED", true),
    externalSkills: loadExternalSkillsConfig(env),
  };
}
