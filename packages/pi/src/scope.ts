// The Scope resolver of the extension: each cwd's Scope (derived by @powercontext/pi-kit's deriveScope) cached.

export interface ScopeResolver {
  /** The Scope of `cwd`; a resolved promise is reused, a failed one is evicted so the next call retries. */
  resolve(cwd: string): Promise<string>;
}

export function createScopeResolver(derive: (cwd: string) => Promise<string>): ScopeResolver {
  const cache = new Map<string, Promise<string>>();
  return {
    resolve(cwd) {
      const cached = cache.get(cwd);
      if (cached !== undefined) return cached;
      const pending = derive(cwd);
      cache.set(cwd, pending);
      pending.catch(() => {
        if (cache.get(cwd) === pending) cache.delete(cwd);
      });
      return pending;
    },
  };
}
