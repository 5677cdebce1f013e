// The one place where automatic Pi paths swallow errors: log, then return undefined.
import { StateError } from "./errors.ts";
import type { Logger } from "./host.ts";

/** Wraps a hook handler so neither a throw nor a rejection reaches Pi; the failure is logged under `event`. */
export function failOpen<A extends unknown[], R>(
  log: Logger,
  event: string,
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R | undefined> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      log(
        `${event}.failed`,
        error instanceof StateError
          ? { code: error.code, message: error.message }
          : { code: "unexpected", name: (error as Error)?.name },
      );
      return undefined;
    }
  };
}
