// The slice of the Pi host the Pi packages use, declared structurally so their src/ is tested without Pi.
// Pi's ExtensionContext, ExtensionCommandContext and ReadonlySessionManager all satisfy these shapes.

export interface HostSession {
  getSessionId(): string;
  /** Entries from the root to the current leaf (or to `fromId`, inclusive). Callers read them structurally. */
  getBranch(fromId?: string): readonly unknown[];
}

export type NoticeLevel = "info" | "warning" | "error";

export interface HostUi {
  confirm(title: string, message: string): Promise<boolean>;
  notify(message: string, type?: NoticeLevel): void;
  /** A footer entry under `key` (undefined clears it). Every host the packages support has it; tests may omit it. */
  setStatus?(key: string, text: string | undefined): void;
}

/** How Pi runs (`ctx.mode`): only `tui` draws on the terminal, the others leave stderr to scripts and clients. */
export type HostMode = "tui" | "rpc" | "json" | "print";

export interface HostContext {
  cwd: string;
  /** False in print, JSON and RPC-without-UI modes: `ui` is then a no-op and must not be relied on. */
  hasUI: boolean;
  /** Absent only in tests' contexts; Pi always sets it. */
  mode?: HostMode;
  ui: HostUi;
  sessionManager: HostSession;
  /** Aborts when the person interrupts the run; absent outside a run. */
  signal?: AbortSignal | undefined;
}
