// The switch every command of the Pi packages takes: `--json` shows the full JSON answer instead of the short text.
// Only a leading or trailing token counts, so a note that mentions --json mid-sentence keeps it.

export const JSON_FLAG = "--json";

/** The arguments without the flag, and whether it was given. */
export function takeJsonFlag(args: string): { json: boolean; rest: string } {
  const tokens = args
    .trim()
    .split(/\s+/)
    .filter((token) => token !== "");
  if (tokens[0] === JSON_FLAG) return { json: true, rest: args.trim().slice(JSON_FLAG.length).trim() };
  if (tokens.length > 0 && tokens.at(-1) === JSON_FLAG)
    return { json: true, rest: args.trim().slice(0, -JSON_FLAG.length).trim() };
  return { json: false, rest: args.trim() };
}
