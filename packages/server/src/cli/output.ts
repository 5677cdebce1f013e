// The one place that prints: human text or --json (the same object), and the exit code.
import { PowerContextError } from "../errors.ts";

export interface OutputOptions {
  json?: boolean;
}

export function printResult(value: unknown, human: string, options: OutputOptions): void {
  process.stdout.write(options.json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

/** Prints the failure (as {"error":{code,message}} with --json) and sets a non-zero exit code. */
export function printFailure(error: unknown, options: OutputOptions): void {
  const code = error instanceof PowerContextError ? error.code : "internal_error";
  const message = error instanceof Error ? error.message : String(error);
  if (options.json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  else process.stderr.write(`powercontext: ${message}\n`);
  process.exitCode = code === "configuration_invalid" ? 2 : 1;
}

export function progress(message: string, options: OutputOptions): void {
  if (!options.json) process.stderr.write(`${message}\n`);
}
