// A test-only entry: powercontext-state whose process SIGKILLs itself inside a multi-scope publication, right after
// the first scope file was written, to prove a crash mid-publication loses nothing.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerState } from "../../extensions/state.ts";

export default function crashAfterFirstHead(pi: ExtensionAPI): void {
  registerState(pi, {
    afterHeadWritten: (index, total) => {
      if (total > 1 && index === 0) process.kill(process.pid, "SIGKILL");
    },
  });
}
