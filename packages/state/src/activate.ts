// Builds the runtime from the environment; invalid configuration yields null so the extension registers nothing.
import type { Environment, Logger } from "@powercontext/pi-kit";
import { loadConfig, type StateConfig } from "./config.ts";
import type { HostApi } from "./host.ts";
import type { PromoteDeps } from "./promote.ts";
import { createStateRuntime, type StoreSeams } from "./runtime.ts";
import { createServerAccess } from "./server.ts";

export function activateState(api: HostApi, env: Environment, log: Logger, seams: StoreSeams = {}): PromoteDeps | null {
  let config: StateConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    log("configuration.invalid", { message: (error as Error).message, effect: "powercontext-state is disabled" });
    return null;
  }
  return { runtime: createStateRuntime(config, api, log, seams), server: createServerAccess(env, log) };
}
