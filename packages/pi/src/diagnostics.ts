// powercontext-pi's diagnostic lines: the kit's diagnostics (a log file in Pi's TUI, stderr otherwise). A Server
// that cannot be reached shows in the footer indicator, so those failures only go to the log.
import { createDiagnostics, type Diagnostics, logFileOf, piAgentDir } from "@powercontext/pi-kit";

export const COMPONENT = "powercontext-pi";

export function openDiagnostics(env: Readonly<Record<string, string | undefined>>): Diagnostics {
  return createDiagnostics({
    component: COMPONENT,
    logFile: logFileOf(piAgentDir(env), COMPONENT),
    quiet: ["prepare.failed", "capture.failed", "tool.failed", "flush.failed"],
  });
}
