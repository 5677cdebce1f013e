// Keeps the footer indicator in step with the runtime: what a turn or `/pc doctor` learned about the Server and
// recall is recorded here, and the footer is touched only when the line it shows changes.
import type { HostContext } from "@powercontext/pi-kit";
import { PiError } from "./errors.ts";
import type { Runtime } from "./runtime.ts";
import { indicatorText, type Reachability } from "./status-indicator.ts";

/** Reachability as an outcome shows it: an answer (even an error status) means reachable; no answer, unreachable. */
export function reachabilityOf(error: unknown): Reachability {
  return error instanceof PiError && error.code === "transport_failed" ? "unreachable" : "reachable";
}

/** Sends the indicator line when it differs from the one shown. */
export function showIndicator(runtime: Runtime, ctx: Pick<HostContext, "hasUI" | "ui">): void {
  const { server, lastRecall, settings } = runtime;
  runtime.status.show(ctx, indicatorText({ server, lastRecall, capture: settings.capturePrompts }));
}
