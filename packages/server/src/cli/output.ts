// How every command prints: its human text or, with --json, the same result as one JSON object; failures; progress on
// stderr; and the exit code. Each command describes its own result in words; this file only chooses and prints.
import { PowerContextError } from "../errors.ts";
import { redactCredentials, stripUrlCredentials } from "./redact.ts";
import { ServerCallError } from "./server-client.ts";

export interface OutputOptions {
  json?: boolean;
}

/** Exit codes: 0 success, 1 a check or call failed, 2 invalid configuration or usage. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Prints a result; URL credentials never reach the terminal, whatever the result holds. */
export function printResult(value: unknown, human: string, options: OutputOptions, exitCode = 0): void {
  process.stdout.write(stripUrlCredentials(options.json ? `${JSON.stringify(value)}\n` : `${human}\n`));
  if (exitCode !== 0) process.exitCode = exitCode;
}

/**
 * Prints the failure (as {"error":{code,message,details}} with --json; in words with one line per problem the
 * Server named, with its field path) and sets a non-zero exit code. Credentials are removed from what is printed.
 */
export function printFailure(error: unknown, options: OutputOptions): void {
  const code = error instanceof PowerContextError || error instanceof ServerCallError ? error.code : "internal_error";
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof PowerContextError || error instanceof ServerCallError ? error.details : null;
  if (options.json)
    process.stdout.write(redactCredentials(`${JSON.stringify({ error: { code, message, details } })}\n`));
  else
    process.stderr.write(redactCredentials(`powercontext: ${[message, ...describeDetails(details)].join("\n  ")}\n`));
  process.exitCode = code === "configuration_invalid" || code === "invalid_request" ? EXIT_USAGE : EXIT_FAILED;
}

/** One line per problem in an error's details: `body.limit: must be <= 100`, or `key: value` for other details. */
export function describeDetails(details: Readonly<Record<string, unknown>> | null): string[] {
  if (details === null) return [];
  const issues = details.errors;
  if (Array.isArray(issues)) {
    return issues.map((issue: { loc?: unknown; msg?: unknown }) => {
      const where = Array.isArray(issue.loc) ? issue.loc.join(".") : "request";
      return `${where}: ${typeof issue.msg === "string" ? issue.msg : "invalid"}`;
    });
  }
  return Object.entries(details).map(
    ([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
}

/** A line on stderr that is printed with --json too (stdout still carries only the result): a deprecation, say. */
export function notice(message: string): void {
  process.stderr.write(redactCredentials(`${message}\n`));
}

/** A line on stderr while a command works; silent with --json, whose stdout is only the result. */
export function progress(message: string, options: OutputOptions): void {
  if (!options.json) process.stderr.write(redactCredentials(`${message}\n`));
}

/** The exit code of a command whose result is a report: 0 when it is ok, else EXIT_FAILED. */
export function exitCodeOfReport(report: { ok: boolean }): number {
  return report.ok ? 0 : EXIT_FAILED;
}

/** Runs a command that returns data, printing it (or its failure) per the options. */
export async function runCommand<T>(
  options: OutputOptions,
  work: () => Promise<T>,
  human: (value: T) => string,
  exitCodeOf: (value: T) => number = () => 0,
): Promise<void> {
  try {
    const value = await work();
    printResult(value, human(value), options, exitCodeOf(value));
  } catch (error) {
    printFailure(error, options);
  }
}
