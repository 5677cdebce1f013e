// The PowerContext Server used by promotion, configured exactly like powercontext-pi (POWERCONTEXT_PI_* variables,
// same URL rules, same Scope derivation). Built on first use; invalid settings yield null.
import { createClient, createScopeResolver, deriveScope, loadSettings, type PowerContextClient } from "powercontext-pi";
import type { Logger } from "./host.ts";

export interface ServerAccess {
  client: PowerContextClient;
  scopeOf(cwd: string): Promise<string>;
}

export function createServerAccess(
  env: Readonly<Record<string, string | undefined>>,
  log: Logger,
): () => ServerAccess | null {
  let access: ServerAccess | null | undefined;
  return () => {
    if (access !== undefined) return access;
    try {
      const settings = loadSettings(env);
      const scopes = createScopeResolver((cwd) => deriveScope(cwd, { explicit: settings.scopeId }));
      access = { client: createClient({ settings }), scopeOf: (cwd) => scopes.resolve(cwd) };
    } catch (error) {
      log("server.configuration_invalid", { message: (error as Error).message });
      access = null;
    }
    return access;
  };
}
