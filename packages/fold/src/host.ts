// The slice of the Pi host this package uses, declared structurally so src/ is tested without Pi. Pi's
// ExtensionContext and ExtensionAPI satisfy these shapes; the context and UI base shapes come from the kit.
import type { HostContext, HostSession } from "@powercontext/pi-kit";
import type { ModelDescriptor } from "./budget.ts";

export interface FoldSessionManager extends HostSession {
  /** Undefined when the session is not persisted (`--no-session`): folds are then kept in memory. */
  getSessionFile(): string | undefined;
  /** The entries behind the messages of the next request, in order. */
  buildContextEntries(): readonly unknown[];
}

export type ModelAuth = { ok: true; apiKey?: string; headers?: unknown } | { ok: false; error: string };

export interface ModelRegistry {
  find(provider: string, model: string): ModelDescriptor | undefined;
  getApiKeyAndHeaders(model: ModelDescriptor): Promise<ModelAuth>;
}

export interface FoldContext extends Omit<HostContext, "sessionManager"> {
  sessionManager: FoldSessionManager;
  model: ModelDescriptor | undefined;
  modelRegistry: ModelRegistry;
  /** Stops the current run (a request that cannot be served). */
  abort(): void;
}

export interface FoldMessage {
  customType: string;
  content: string;
  display: boolean;
}

/** What the hooks ask of the extension API. */
export interface FoldApi {
  appendEntry(customType: string, data: unknown): void;
  sendMessage(message: FoldMessage, options: { deliverAs?: "nextTurn"; triggerTurn?: boolean }): void;
  setLabel(entryId: string, label: string): void;
}
