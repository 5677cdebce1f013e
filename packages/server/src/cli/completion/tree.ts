// What a shell can complete, read from the commander program itself (never a hand-kept list): each command's path
// from the root, its subcommands, its visible options and the choices of its first argument.
import type { Command } from "commander";

export interface CompletionWord {
  word: string;
  description: string;
}

export interface CompletionNode {
  /** The subcommand names from the root, e.g. ["review", "approve"]; [] for the root. */
  path: string[];
  words: CompletionWord[];
}

/** Only plain words reach a script, so nothing the program declares can break its quoting. */
const PLAIN_WORD = /^[A-Za-z0-9][\w.-]*$|^--?[A-Za-z0-9][\w-]*$/;

function wordsOf(command: Command): CompletionWord[] {
  const subcommands = command.commands.map((child) => ({ word: child.name(), description: child.description() }));
  const options = command.options
    .filter((option) => !option.hidden)
    .flatMap((option) =>
      [option.long, option.short]
        .filter((flag): flag is string => flag !== undefined)
        .map((flag) => ({ word: flag, description: option.description })),
    );
  const choices = (command.registeredArguments[0]?.argChoices ?? []).map((choice) => ({
    word: choice,
    description: command.registeredArguments[0]?.description ?? "",
  }));
  const help = { word: "--help", description: "display help for command" };
  return [...subcommands, ...choices, ...options, help].filter((entry) => PLAIN_WORD.test(entry.word));
}

/** Every command of the program, depth first, the root first. */
export function completionNodes(program: Command, path: string[] = []): CompletionNode[] {
  return [
    { path, words: wordsOf(program) },
    ...program.commands.flatMap((child) => completionNodes(child, [...path, child.name()])),
  ];
}

/** A node's path as the scripts spell it: the words after the program's name, each after one space ("" at the root). */
export function spelledPath(path: readonly string[]): string {
  return path.map((name) => ` ${name}`).join("");
}
