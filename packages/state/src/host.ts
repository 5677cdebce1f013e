// The slice of the Pi host this package uses, declared structurally so src/ is tested without Pi.
// Pi's ExtensionContext, ExtensionCommandContext and ReadonlySessionManager satisfy these shapes.

export interface HostSession {
  getSessionId(): string;
  /**
   * Entries from the root to the current leaf (or to `fromId`, inclusive); only `type`, `id`, `customType`, `data` and
   * `message` are read.
   */
  getBranch(fromId?: string): readonly unknown[];
}

export interface HostUi {
  confirm(title: string, message: string): Promise<boolean>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
}

export interface HostContext {
  cwd: string;
  hasUI: boolean;
  ui: HostUi;
  sessionManager: HostSession;
}

/** What the runtime asks of the extension API. */
export interface HostApi {
  appendEntry(customType: string, data: unknown): void;
  getActiveTools(): string[];
  setActiveTools(names: string[]): void;
}

/** Diagnostics go to stderr (Pi's stdout carries its JSON and RPC protocols). */
export type Logger = (event: string, detail?: Record<string, unknown>) => void;

export const stderrLogger: Logger = (event, detail) => {
  process.stderr.write(`${JSON.stringify({ component: "powercontext-state", event, ...detail })}\n`);
};

export const silentLogger: Logger = () => undefined;
