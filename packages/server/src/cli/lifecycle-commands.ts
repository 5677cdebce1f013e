// Commander wiring of the data lifecycle: export and import (straight on the configured store, like a backup tool:
// --data-dir or POWERCONTEXT_SERVER_DATABASE_URL) and purge (through the Server, confirmation-gated).
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { PowerContextError } from "../errors.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/types.ts";
import { clientOptions, type ScopedOptions, targetOf, withScope } from "./options.ts";
import { type OutputOptions, printFailure, progress, runCommand } from "./output.ts";
import { describePurge, type PurgeRequest, purgeCommand, TERMINAL_CONFIRMATION } from "./purge.ts";
import { describeExport, exportCommand } from "./scope-export.ts";
import { describeImport, importCommand } from "./scope-import.ts";

const DATA_DIR_HELP =
  "data directory of the embedded store (default POWERCONTEXT_HOME, $XDG_DATA_HOME/powercontext, ~/.local/share/powercontext); POWERCONTEXT_SERVER_DATABASE_URL selects PostgreSQL instead";
/** A purge compacts the database files, which takes a while on a large store. */
const PURGE_TIMEOUT_SECONDS = 600;

function openConfiguredStore(dataDir: string | undefined): Promise<Store> {
  return openStore(loadConfig(process.env, dataDir === undefined ? {} : { dataDir }));
}

export function addLifecycleCommands(program: Command): void {
  addExportCommand(program);
  addImportCommand(program);
  addPurgeCommands(program);
}

interface ExportFlags extends OutputOptions {
  scope: string;
  out?: string;
  dataDir?: string;
}

function addExportCommand(program: Command): void {
  program
    .command("export")
    .description("Write a scope's Sources, Memory (every version), candidates and Handoffs as JSON Lines.")
    .requiredOption("--scope <scope_id>", "the scope to export")
    .option("--out <file>", "the file to write (default: standard output)")
    .option("--data-dir <dir>", DATA_DIR_HELP)
    .option("--json", "print the summary as one JSON object (needs --out: standard output carries the export)")
    .action(async (options: ExportFlags) => {
      if (options.json && options.out === undefined) {
        const error = new PowerContextError("configuration_invalid", "--json needs --out: stdout carries the export.");
        return printFailure(error, options);
      }
      const run = async () => {
        const store = await openConfiguredStore(options.dataDir);
        try {
          const onProgress = (message: string) => progress(message, options);
          return await exportCommand({ store, stdout: process.stdout, onProgress }, options);
        } finally {
          await store.close();
        }
      };
      if (options.out !== undefined) return runCommand(options, run, describeExport);
      // The export went to stdout: its summary goes to stderr.
      try {
        progress(describeExport(await run()), options);
      } catch (error) {
        printFailure(error, options);
      }
    });
}

function addImportCommand(program: Command): void {
  program
    .command("import")
    .argument("<file>", "a file written by `powercontext export`")
    .description("Import an export into its scope; idempotent: run it again to finish an interrupted import.")
    .option("--data-dir <dir>", DATA_DIR_HELP)
    .option("--json", "print the summary as one JSON object")
    .action((file: string, options: OutputOptions & { dataDir?: string }) => {
      const deps = {
        openStore: () => openConfiguredStore(options.dataDir),
        onProgress: (message: string) => progress(message, options),
      };
      return runCommand(options, () => importCommand(deps, file), describeImport);
    });
}

function addPurgeCommands(program: Command): void {
  const purge = program
    .command("purge")
    .description("Delete for good, through the Server: a Source, a Memory entry or a whole scope (asks first).");
  const targets = [
    ["source", "<source_id>", "Purge one Source and every candidate and Handoff citing it."],
    ["entry", "<entry_id>", "Purge one Memory entry, all its versions, and the candidates that proposed it."],
    ["scope", null, "Purge everything the scope holds."],
  ] as const;
  for (const [target, argument, description] of targets) {
    const command = withScope(purge.command(target).description(description)).option(
      "--yes",
      "do not ask for confirmation (required without a terminal)",
    );
    if (argument !== null) command.argument(argument);
    command.action((...args: unknown[]) => {
      const self = args.at(-1) as Command;
      const options = clientOptions<ScopedOptions & { yes?: boolean }>(self);
      const request = (
        target === "scope" ? { target, scope: options.scope } : { target, scope: options.scope, id: args[0] }
      ) as PurgeRequest;
      const server = targetOf({ ...options, timeout: options.timeout ?? PURGE_TIMEOUT_SECONDS });
      const deps = { target: server, confirmation: TERMINAL_CONFIRMATION };
      return runCommand(options, () => purgeCommand(deps, request, options), describePurge);
    });
  }
}
