// The confirmation gate of every durable mutation (tools and /pc).
import type { HostContext } from "@powercontext/pi-kit";
import { CANCELLED, CONFIRMATION_REQUIRED, UNAVAILABLE, type ToolFailure } from "./outcome.ts";

export const CONFIRM_TITLE = "Allow PowerContext change?";

/**
 * Asks the user. Resolves null when approved; otherwise the stable failure: no UI → confirmation_required,
 * denial → cancelled, a failing dialog → unavailable. The caller sends nothing unless this resolves null.
 */
export async function confirmMutation(
  ctx: Pick<HostContext, "hasUI" | "ui">,
  message: string,
): Promise<ToolFailure | null> {
  if (!ctx.hasUI) return CONFIRMATION_REQUIRED;
  try {
    return (await ctx.ui.confirm(CONFIRM_TITLE, message)) === true ? null : CANCELLED;
  } catch {
    return UNAVAILABLE;
  }
}
