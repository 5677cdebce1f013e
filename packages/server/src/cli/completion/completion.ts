// `powercontext completion bash|zsh|fish`: the completion script of the running program, generated from its commander
// definition, so a new command or option is completed without anyone editing a list.
import type { Command } from "commander";
import { bashScript } from "./bash.ts";
import { fishScript } from "./fish.ts";
import { completionNodes } from "./tree.ts";
import { zshScript } from "./zsh.ts";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

export function completionScript(program: Command, shell: Shell): string {
  const nodes = completionNodes(program);
  const name = program.name();
  switch (shell) {
    case "bash":
      return bashScript(name, nodes);
    case "zsh":
      return zshScript(name, nodes);
    case "fish":
      return fishScript(name, nodes);
    default: {
      const never: never = shell;
      return never;
    }
  }
}
