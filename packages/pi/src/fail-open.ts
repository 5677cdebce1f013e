// The one place where automatic Pi paths swallow errors: log, then return undefined.
import type { Logger } from "./host.ts";
import { PiError } from "./errors.ts";

/** Describes an error for a diagnostic line without its message text, which may echo Server content. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof PiError) return { code: error.code, status: error.http?.status ?? null, message: error.message };
  if (error instanceof Error) return { code: "unexpected", name: error.name, message: error.message };
  return { code: "unexpected" };
}

/**
 * Wraps a hook handler so that neither a throw nor a rejection reaches Pi: the failure is logged under `event`
 * and the handler resolves `undefined`, which Pi treats as "no change".
 */
export function failOpen<A extends unknown[], R>(
  log: Logger,
  event: string,
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R | undefined> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      log(`${event}.failed`, describeError(error));
      return undefined;
    }
  };
}
