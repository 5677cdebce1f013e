// The one place where automatic Pi paths (hooks) swallow errors: log, then resolve undefined, which Pi reads as
// "no change". Each package says how its own errors are described in the log line.
import type { Logger } from "./logger.ts";

/** Turns a caught value into the fields of a diagnostic line. */
export type DescribeError = (error: unknown) => Record<string, unknown>;

export interface FailOpenReporting {
  log: Logger;
  describe: DescribeError;
}

/** The fields for a value no package knows: its class name and message, under the code `unexpected`. */
export const describeUnexpected: DescribeError = (error) =>
  error instanceof Error ? { code: "unexpected", name: error.name, message: error.message } : { code: "unexpected" };

/**
 * Wraps a hook handler so that neither a throw nor a rejection reaches Pi: the failure is logged as `<event>.failed`
 * and the wrapper resolves `undefined`. Never rejects.
 */
export function failOpen<A extends unknown[], R>(
  { log, describe }: FailOpenReporting,
  event: string,
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R | undefined> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      log(`${event}.failed`, describe(error));
      return undefined;
    }
  };
}
