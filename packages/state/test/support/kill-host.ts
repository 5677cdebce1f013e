// A test-only entry for the kill replay: powercontext-state that writes its pid where the replay can SIGKILL it, and,
// once the replay writes n into POWERCONTEXT_TEST_KILL_ARM_FILE, SIGKILLs itself right after the n-th scope file it
// makes visible from then on (a kill inside a publication on purpose, where a timed kill from outside rarely lands).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerState } from "../../extensions/state.ts";

export default function killHost(pi: ExtensionAPI): void {
  const pidFile = process.env.POWERCONTEXT_TEST_PID_FILE;
  if (pidFile !== undefined) writeFileSync(pidFile, String(process.pid));
  const armFile = process.env.POWERCONTEXT_TEST_KILL_ARM_FILE;
  let target: number | null = null;
  let heads = 0;
  registerState(pi, {
    afterHeadWritten: () => {
      if (target === null && armFile !== undefined && existsSync(armFile))
        target = Number(readFileSync(armFile, "utf8"));
      if (target === null) return;
      heads += 1;
      if (heads === target) process.kill(process.pid, "SIGKILL");
    },
  });
}
