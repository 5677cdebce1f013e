// Commander wiring of capture, remember, flush, prepare, stats and capabilities (see turn.ts).
import { text } from "node:stream/consumers";
import type { Command } from "commander";
import { PowerContextError } from "../errors.ts";
import {
  clientOptions,
  positiveInteger,
  type ScopedOptions,
  targetOf,
  withClientOptions,
  withScope,
} from "./options.ts";
import { runCommand } from "./output.ts";
import {
  capabilitiesCommand,
  captureCommand,
  describeCapture,
  describeFields,
  describeFlush,
  describeMutation,
  describePrepared,
  flushCommand,
  prepareCommand,
  rememberCommand,
  statsCommand,
} from "./turn.ts";

/** The words given on the command line, else standard input when it is not a terminal; never empty. */
async function wordsOrStdin(words: string[], what: string): Promise<string> {
  const given = words.join(" ");
  if (given.trim() !== "") return given;
  if (!process.stdin.isTTY) {
    const piped = await text(process.stdin);
    if (piped.trim() !== "") return piped;
  }
  throw new PowerContextError("configuration_invalid", `Give the ${what} as arguments or on standard input.`);
}

export function addTurnCommands(program: Command): void {
  withScope(
    program.command("capture").argument("[content...]").description("Capture a content Source (text or stdin)."),
  )
    .option("--source-id <id>", "the Source id (default: derived from the content, so a repeat is the same Source)")
    .option("--metadata <json>", "a JSON object stored with the Source")
    .action(async (words: string[], _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { sourceId?: string; metadata?: string }>(command);
      const work = async () =>
        captureCommand(targetOf(options), { ...options, content: await wordsOrStdin(words, "content") });
      return runCommand(options, work, describeCapture);
    });
  withScope(program.command("remember").argument("[text...]").description("Remember one Memory entry explicitly."))
    .requiredOption("--kind <kind>", "the entry kind, e.g. decision, convention, fact")
    .option("--reason <text>", "why it is remembered")
    .option("--expected-revision <n>", "only if the Memory head is still at this revision", positiveInteger)
    .action(async (words: string[], _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { kind: string; reason?: string; expectedRevision?: number }>(
        command,
      );
      const work = async () =>
        rememberCommand(targetOf(options), { ...options, text: await wordsOrStdin(words, "text") });
      return runCommand(options, work, describeMutation);
    });
  withScope(program.command("flush").description("Process pending Sources into Memory (one window).")).action(
    (_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions>(command);
      return runCommand(options, () => flushCommand(targetOf(options), options), describeFlush);
    },
  );
  withScope(program.command("prepare").argument("[query...]").description("Prepare the recall block for a query."))
    .option("--max-bytes <n>", "the byte budget of the block (512–32768, default the Server's)", positiveInteger)
    .action(async (words: string[], _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { maxBytes?: number }>(command);
      const work = async () =>
        prepareCommand(targetOf(options), { ...options, query: await wordsOrStdin(words, "query") });
      return runCommand(options, work, describePrepared);
    });
  withScope(program.command("stats").description("Inventory, model usage and recall statistics of a scope."))
    .option("--period <period>", "today | 7d | 30d (default 30d)")
    .action((_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { period?: string }>(command);
      return runCommand(
        options,
        () => statsCommand(targetOf(options), options),
        (stats) => describeFields(stats),
      );
    });
  withClientOptions(program.command("capabilities").description("What the Server offers.")).action(
    (_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions>(command);
      return runCommand(
        options,
        () => capabilitiesCommand(targetOf(options)),
        (caps) => describeFields(caps),
      );
    },
  );
}
