// The model the domain may use: one chat-completion call, never throwing. Implementations live outside domain/
// (src/model/); the domain sees only this interface.

/** The usage purposes of contract §5.4 that this Server can incur. */
export type ModelPurpose = "handoff_generation" | "memory_extraction" | "experience_generation" | "skill_generation";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Upper bound on the completion's tokens. */
  max_output_tokens: number;
}

export interface TokenUsage {
  input_tokens: number | null;
  output_tokens: number | null;
}

export type ChatResult =
  | { status: "ok"; text: string; usage: TokenUsage }
  /** `sent`: the request reached the provider (it counts as a request in usage). */
  | { status: "timeout"; sent: boolean }
  | { status: "unavailable"; sent: boolean; usage: TokenUsage };

export interface ChatModel {
  /** The configured model name, for logs and docs; never sent to clients. */
  readonly name: string;
  /** Must not throw: every failure is a `timeout` or `unavailable` value. */
  complete(request: ChatRequest): Promise<ChatResult>;
}

/** Why a model result was not used and the deterministic result was served instead. */
export type FallbackReason = "timeout" | "unavailable" | "output" | "objective" | "evidence" | "budget";

/** How a result was produced: by the model, deterministically (no model), or deterministically after a rejection. */
export type GenerationOutcome = "model" | "deterministic" | "fallback";
