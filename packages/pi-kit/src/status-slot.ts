// One package's entry in Pi's footer (ui.setStatus): set only when its text changes, so a turn that changes nothing
// asks Pi for no redraw. Without a UI it does nothing.
import type { HostUi } from "./host.ts";

export interface StatusContext {
  hasUI: boolean;
  ui: Pick<HostUi, "setStatus">;
}

export interface StatusSlot {
  /** Shows `text` (undefined clears the entry); a repeat of the text shown is not sent. */
  show(ctx: StatusContext, text: string | undefined): void;
  /** The text shown last (undefined when clear). */
  current(): string | undefined;
}

export function createStatusSlot(key: string): StatusSlot {
  let shown: string | undefined;
  let sent = false;
  return {
    show(ctx, text) {
      if (!ctx.hasUI || ctx.ui.setStatus === undefined) return;
      if (sent && text === shown) return;
      try {
        ctx.ui.setStatus(key, text);
        shown = text;
        sent = true;
      } catch {
        // A stale context: the next change tries again.
      }
    },
    current: () => shown,
  };
}
