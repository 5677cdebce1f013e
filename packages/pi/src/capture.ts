// Automatic capture of the submitted prompt as a content Source.
import { containsSecret, sha256Hex, utf8Length, type CaptureRequest } from "@powercontext/protocol";
import { isObject, type PowerContextClient } from "./client.ts";
import type { TurnIdentity } from "./turn.ts";

/** Prompts above this many UTF-8 bytes are never captured. */
export const MAX_CAPTURE_BYTES = 200_000;
export const SOURCE_ID_PREFIX = "pi-user-prompt:";

export type CaptureSkip = "disabled" | "too_large" | "secret";

/** Why `prompt` (already trimmed) must not be captured, or null when it may be. */
export function captureSkipReason(prompt: string, capturePrompts: boolean): CaptureSkip | null {
  if (!capturePrompts) return "disabled";
  if (utf8Length(prompt) > MAX_CAPTURE_BYTES) return "too_large";
  if (containsSecret(prompt)) return "secret";
  return null;
}

/** `pi-user-prompt:` + sha256(scope ␀ session ␀ turn ␀ prompt). */
export function promptSourceId(scopeId: string, turn: TurnIdentity, prompt: string): string {
  return SOURCE_ID_PREFIX + sha256Hex([scopeId, turn.sessionId, turn.turnId, prompt].join("\0"));
}

export interface PromptCapture {
  scopeId: string;
  prompt: string;
  cwd: string;
  turn: TurnIdentity;
}

/** The capture request body: exactly scope_id, source_id, content and the five metadata keys. */
export function promptSourceBody({ scopeId, prompt, cwd, turn }: PromptCapture): CaptureRequest {
  return {
    scope_id: scopeId,
    source_id: promptSourceId(scopeId, turn, prompt),
    content: prompt,
    metadata: { origin: "pi", event: "user_prompt_submit", cwd, session_id: turn.sessionId, turn_id: turn.turnId },
  };
}

/** An integer position ≥ 1 from a capture response, or null (the capture then leaves nothing pending). */
export function readPosition(value: unknown): number | null {
  const position = isObject(value) ? value.position : undefined;
  return typeof position === "number" && Number.isInteger(position) && position >= 1 ? position : null;
}

/** Sends the capture. Resolves the journal position, or null when the response carries none. Throws PiError. */
export async function capturePrompt(
  client: PowerContextClient,
  capture: PromptCapture,
  signal?: AbortSignal,
): Promise<number | null> {
  const response = await client.request("capture_content_source", promptSourceBody(capture), signal);
  return readPosition(response.value);
}
