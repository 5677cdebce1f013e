// Environment → one validated Settings value. The extension reads the environment once, at load, through the
// PiEnvironment schema; switches take the shared words of @powercontext/pi-kit (1/true/yes/on, 0/false/no/off).
import { type Environment, readEnvironment } from "@powercontext/pi-kit";
import { type Static, Type } from "typebox";
import { configError } from "./errors.ts";
import {
  RECALL_PLACEMENT_SETTINGS,
  RECALL_RESEND_SETTINGS,
  type RecallPlacementSetting,
  type RecallResend,
} from "./placement.ts";

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
  /** Total HTTP budget of one turn's prepare + capture (+ a test's immediate flush), in milliseconds. */
  httpBudgetMs: number;
  /** Flush calls per Scope in one flush loop. */
  flushMaxCalls: number;
  /** Where recall goes: `auto` picks the best placement the host supports (see placement.ts). */
  recallPlacement: RecallPlacementSetting;
  /** What a changed recall sends in a section or message: only new items, or the whole block. */
  recallResend: RecallResend;
}

export const DEFAULT_BASE_URL = "http://127.0.0.1:8000";
export const MIN_MAX_BYTES = 512;
export const MAX_MAX_BYTES = 32_768;
/** The lifecycle closing budget never exceeds this, whatever the turn budget. */
export const CLOSING_BUDGET_CAP_MS = 1_000;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Every environment variable the package reads, with its default and meaning (docs/pi.md lists the same). */
export const PiEnvironment = Type.Object({
  POWERCONTEXT_PI_BASE_URL: Type.String({
    default: DEFAULT_BASE_URL,
    description: "Server URL: plain HTTP only on loopback, HTTPS elsewhere; no credentials, query or fragment.",
  }),
  POWERCONTEXT_PI_SCOPE_ID: Type.Optional(Type.String({ description: "Explicit Scope." })),
  POWERCONTEXT_PI_AUTHORIZATION: Type.Optional(
    Type.String({
      description: "Complete Authorization header value, sent on every request.",
      // A header value with a line break could smuggle a second header into the request.
      pattern: "^[^\\u0000-\\u001f\\u007f]*$",
      refusal: "must not contain control characters.",
    }),
  ),
  POWERCONTEXT_PI_CAPTURE_PROMPTS: Type.Boolean({ default: true, description: "Capture the prompt as a Source." }),
  POWERCONTEXT_PI_MAX_BYTES: Type.Integer({
    default: 8000,
    description: `Recall budget in UTF-8 bytes, clamped to ${MIN_MAX_BYTES}–${MAX_MAX_BYTES}.`,
  }),
  POWERCONTEXT_PI_REQUEST_TIMEOUT_MS: Type.Integer({
    default: 1000,
    minimum: 50,
    maximum: 30_000,
    description: "Timeout of one HTTP request, in milliseconds.",
  }),
  POWERCONTEXT_PI_HTTP_BUDGET_MS: Type.Integer({
    default: 4000,
    minimum: 100,
    maximum: 60_000,
    description: "Total budget of one turn's prepare and capture, in milliseconds.",
  }),
  POWERCONTEXT_PI_FLUSH_MAX_CALLS: Type.Integer({
    default: 4,
    minimum: 1,
    maximum: 16,
    description: "Flush calls per Scope in one loop.",
  }),
  POWERCONTEXT_PI_RECALL_PLACEMENT: Type.Union(
    RECALL_PLACEMENT_SETTINGS.map((setting) => Type.Literal(setting)),
    {
      default: "auto",
      description: "Where recall goes: auto (the best the host supports), system-prompt, section or message.",
    },
  ),
  POWERCONTEXT_PI_RECALL_RESEND: Type.Union(
    RECALL_RESEND_SETTINGS.map((setting) => Type.Literal(setting)),
    {
      default: "new-items",
      description: "What a changed recall sends as a section or message: new-items or whole-block.",
    },
  ),
});
export type PiEnvironment = Static<typeof PiEnvironment>;

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
  const read = readEnvironment(PiEnvironment, env, configError);
  return {
    baseUrl: parseBaseUrl(read.POWERCONTEXT_PI_BASE_URL),
    scopeId: read.POWERCONTEXT_PI_SCOPE_ID ?? null,
    authorization: read.POWERCONTEXT_PI_AUTHORIZATION ?? null,
    capturePrompts: read.POWERCONTEXT_PI_CAPTURE_PROMPTS,
    maxBytes: Math.min(MAX_MAX_BYTES, Math.max(MIN_MAX_BYTES, read.POWERCONTEXT_PI_MAX_BYTES)),
    requestTimeoutMs: read.POWERCONTEXT_PI_REQUEST_TIMEOUT_MS,
    httpBudgetMs: read.POWERCONTEXT_PI_HTTP_BUDGET_MS,
    flushMaxCalls: read.POWERCONTEXT_PI_FLUSH_MAX_CALLS,
    recallPlacement: read.POWERCONTEXT_PI_RECALL_PLACEMENT,
    recallResend: read.POWERCONTEXT_PI_RECALL_RESEND,
  };
}

/** The budget of one lifecycle flush: the turn budget, capped at 1,000 ms. */
export function closingBudgetMs(settings: Settings): number {
  return Math.min(settings.httpBudgetMs, CLOSING_BUDGET_CAP_MS);
}
