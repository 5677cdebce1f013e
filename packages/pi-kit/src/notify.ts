// Telling the person something from a command or hook: a UI notification when the host has a UI, otherwise a line
// on stderr (print and RPC modes). With a UI present nothing goes to stderr, which Pi's TUI draws over.
import type { HostContext, NoticeLevel } from "./host.ts";

export type WriteLine = (text: string) => void;

export const writeStderrLine: WriteLine = (text) => {
  process.stderr.write(`${text}\n`);
};

export function notifyOrStderr(
  ctx: Pick<HostContext, "hasUI" | "ui">,
  text: string,
  level: NoticeLevel,
  withoutUi: WriteLine = writeStderrLine,
): void {
  if (ctx.hasUI) ctx.ui.notify(text, level);
  else withoutUi(text);
}
