// Builds the runtime from the environment; invalid configuration yields null so the extension registers nothing.
import { describeError } from "./errors.ts";
import type { Logger } from "@powercontext/pi-kit";
import { createRuntime, type Runtime, type TestSeams } from "./runtime.ts";
import { loadSettings } from "./config.ts";

export function activate(
  env: Readonly<Record<string, string | undefined>>,
  log: Logger,
  seams: TestSeams = {},
): Runtime | null {
  try {
    return createRuntime({ settings: loadSettings(env), log, seams });
  } catch (error) {
    log("configuration.invalid", {
      ...describeError(error),
      effect: "PowerContext is disabled: no tools, no /pc, hooks do nothing.",
    });
    return null;
  }
}
