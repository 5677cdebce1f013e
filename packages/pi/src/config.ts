// Environment → one validated Settings value. The extension reads the environment once, at load. Switches take the
// shared words of @powercontext/pi-kit (1/true/yes/on, 0/false/no/off).
import { createEnvReader, type Environment } from "@powercontext/pi-kit";
import { configError } from "./errors.ts";

export interface Settings {
  /** Server base URL without trailing slashes. */
  baseUrl: string;
  /** Explicit Scope override (already bounded to 256 code points by the scope resolver). */
  scopeId: string | null;
  /** Complete Authorization header value, sent on every request. */
  authorization: string | null;
  capturePrompts: boolean;
  /** Recall budget in UTF-8 bytes, clamped to 512–32768. */
  maxBytes: number;
  /** Timeout of one HTTP request, in milliseconds. */
  requestTimeoutMs: number;
  /** Total HTTP budget of one turn's prepare + capture (+ flush-on-capture), in milliseconds. */
  httpBudgetMs: number;
  flushOnCapture: boolean;
  /** Flush calls per Scope in one flush loop. */
  flushMaxCalls: number;
}

export const DEFAULT_BASE_URL = "http://127.0.0.1:8000";
export const MIN_MAX_BYTES = 512;
export const MAX_MAX_BYTES = 32_768;
/** The lifecycle closing budget never exceeds this, whatever the turn budget. */
export const CLOSING_BUDGET_CAP_MS = 1_000;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Every environment variable the package reads, with its default (docs/pi.md lists the same). */
export const ENVIRONMENT = {
  POWERCONTEXT_PI_BASE_URL: DEFAULT_BASE_URL,
  POWERCONTEXT_PI_SCOPE_ID: "unset",
  POWERCONTEXT_PI_AUTHORIZATION: "unset",
  POWERCONTEXT_PI_CAPTURE_PROMPTS: "true",
  POWERCONTEXT_PI_MAX_BYTES: "8000",
  POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: "1000",
  POWERCONTEXT_PI_HTTP_BUDGET_MS: "4000",
  POWERCONTEXT_PI_FLUSH_ON_CAPTURE: "false",
  POWERCONTEXT_PI_FLUSH_MAX_CALLS: "4",
} as const;

/**
 * Loopback-only plain HTTP, HTTPS elsewhere; no credentials, query or fragment; trailing slashes stripped.
 * The message never repeats the URL, which may hold a credential.
 */
export function parseBaseUrl(raw: string): string {
  const name = "POWERCONTEXT_PI_BASE_URL";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw configError(`${name} must be an absolute http(s) URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw configError(`${name} must use http or https.`);
  if (url.username !== "" || url.password !== "") throw configError(`${name} must not contain credentials.`);
  if (raw.includes("?") || raw.includes("#")) throw configError(`${name} must not contain a query or fragment.`);
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw configError(`${name} must use https outside localhost, 127.0.0.1 and [::1].`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Reads the package's environment variables. Throws a `configuration_invalid` PiError on any invalid value. */
export function loadSettings(env: Environment): Settings {
  const { text, flag, integer, ranged } = createEnvReader(env, configError);
  const authorization = text("POWERCONTEXT_PI_AUTHORIZATION");
  if (authorization !== null && /[\u0000-\u001f\u007f]/.test(authorization)) {
    throw configError("POWERCONTEXT_PI_AUTHORIZATION must not contain control characters.");
  }
  const maxBytes = integer("POWERCONTEXT_PI_MAX_BYTES", 8000);
  return {
    baseUrl: parseBaseUrl(text("POWERCONTEXT_PI_BASE_URL") ?? DEFAULT_BASE_URL),
    scopeId: text("POWERCONTEXT_PI_SCOPE_ID"),
    authorization,
    capturePrompts: flag("POWERCONTEXT_PI_CAPTURE_PROMPTS", true),
    maxBytes: Math.min(MAX_MAX_BYTES, Math.max(MIN_MAX_BYTES, maxBytes)),
    requestTimeoutMs: ranged("POWERCONTEXT_PI_REQUEST_TIMEOUT_MS", 1000, 50, 30_000),
    httpBudgetMs: ranged("POWERCONTEXT_PI_HTTP_BUDGET_MS", 4000, 100, 60_000),
    flushOnCapture: flag("POWERCONTEXT_PI_FLUSH_ON_CAPTURE", false),
    flushMaxCalls: ranged("POWERCONTEXT_PI_FLUSH_MAX_CALLS", 4, 1, 16),
  };
}

/** The budget of one lifecycle flush: the turn budget, capped at 1,000 ms. */
export function closingBudgetMs(settings: Settings): number {
  return Math.min(settings.httpBudgetMs, CLOSING_BUDGET_CAP_MS);
}
