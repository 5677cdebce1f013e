// The options shared by the commands that talk to a Server, and the parsers of numeric options.
import { type Command, InvalidArgumentError, Option } from "commander";
import { resolveTarget, type ServerTarget } from "./server-client.ts";

export interface ClientOptions {
  serverUrl?: string;
  server?: string;
  json?: boolean;
  timeout?: number;
}
export interface ScopedOptions extends ClientOptions {
  scope: string;
}
export interface DecisionOptions extends ScopedOptions {
  expectedVersion?: number;
  /** The former name of --expected-version, still accepted (hidden from help). */
  version?: number;
  reviewer?: string;
}

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1) throw new InvalidArgumentError("must be a positive integer");
  return parsed;
}

export function unitInterval(value: string): number {
  const parsed = Number(value);
  if (value.trim() === "" || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new InvalidArgumentError("must be a number from 0 to 1");
  }
  return parsed;
}

export function positiveSeconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError("must be a number of seconds above 0");
  return parsed;
}

/** The options of every command that talks to a Server; accepted before the command too (`powercontext --json …`). */
export function withClientOptions(command: Command): Command {
  return command
    .option(
      "--server-url <url>",
      "Server base URL (default POWERCONTEXT_CLIENT_SERVER_URL, else http://127.0.0.1:8000)",
    )
    .addOption(new Option("--server <url>", "alias of --server-url").hideHelp())
    .option("--timeout <seconds>", "how long to wait for each answer of the Server (default 5)", positiveSeconds)
    .option("--json", "print the result as one JSON object");
}

/** The client options given at the command and before it, the command's own winning. */
export function clientOptions<T extends ClientOptions>(command: Command): T {
  return command.optsWithGlobals<T>();
}

/** The Server a command talks to, from its options and the environment. */
export function targetOf(options: ClientOptions): ServerTarget {
  const timeoutMs = options.timeout === undefined ? undefined : options.timeout * 1000;
  return resolveTarget(process.env, options.serverUrl ?? options.server, timeoutMs);
}

export function withScope(command: Command): Command {
  return withClientOptions(command).requiredOption("--scope <scope_id>", "the scope to act on");
}
