// The slice of the Pi host this package uses, declared structurally so src/ is tested without Pi. The context, session
// and UI shapes are the kit's; this package adds the extension-API calls its runtime makes.
export type { HostContext, HostSession, HostUi } from "@powercontext/pi-kit";
// The silent logger stays importable from here: bench/state.ts takes it from this path.
export { type Logger, silentLogger } from "@powercontext/pi-kit";

/** What the runtime asks of the extension API. */
export interface HostApi {
  appendEntry(customType: string, data: unknown): void;
  getActiveTools(): string[];
  setActiveTools(names: string[]): void;
}
