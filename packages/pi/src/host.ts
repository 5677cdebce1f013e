// The slice of the Pi host this package uses, declared structurally so src/ is tested without Pi.
// Pi's ExtensionContext, ExtensionCommandContext and ReadonlySessionManager all satisfy these shapes.

export interface HostSession {
  getSessionId(): string;
  /** Entries from the root to the current leaf; only `type` and `message.role` are read. */
  getBranch(): readonly unknown[];
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
  signal: AbortSignal | undefined;
}

/** Diagnostics go to stderr (Pi's stdout carries its JSON and RPC protocols). */
export type Logger = (event: string, detail?: Record<string, unknown>) => void;

export const stderrLogger: Logger = (event, detail) => {
  process.stderr.write(`${JSON.stringify({ component: "powercontext-pi", event, ...detail })}\n`);
};

export const silentLogger: Logger = () => undefined;
