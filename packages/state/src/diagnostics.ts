// powercontext-state's diagnostic lines: the kit's diagnostics (a log file in Pi's TUI, stderr otherwise).
import { createDiagnostics, type Diagnostics, logFileOf, piAgentDir } from "@powercontext/pi-kit";

export const COMPONENT = "powercontext-state";

export function openDiagnostics(env: Readonly<Record<string, string | undefined>>): Diagnostics {
  return createDiagnostics({ component: COMPONENT, logFile: logFileOf(piAgentDir(env), COMPONENT) });
}
