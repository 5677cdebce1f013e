// A test-only entry: powercontext-pi that flushes right after each capture, so a test can fail that immediate flush
// and watch the position wait for the next lifecycle boundary.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerPowerContext } from "../../extensions/powercontext.ts";

export default function flushOnCapture(pi: ExtensionAPI): void {
  registerPowerContext(pi, { flushOnCapture: true });
}
