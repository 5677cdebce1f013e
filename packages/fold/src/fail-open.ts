// The one place where automatic Pi paths swallow errors: a diagnostic line on stderr, then `undefined` (no change).

export type Logger = (event: string, fields: Record<string, unknown>) => void;

export const stderrLogger: Logger = (event, fields) => {
  process.stderr.write(`${JSON.stringify({ source: "powercontext-fold", event, ...fields })}\n`);
};

export function failOpen<A extends unknown[], R>(
  log: Logger,
  event: string,
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R | undefined> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      log(`${event}.failed`, { message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
}
