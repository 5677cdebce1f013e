// Diagnostics of a Pi package: one JSON line per event on stderr, because Pi's stdout carries its JSON and RPC
// protocols. Each line names the package that wrote it.

export type Logger = (event: string, detail?: Record<string, unknown>) => void;

/** A logger whose lines read `{"component":"<component>","event":"…",…detail}`. */
export function createStderrLogger(component: string): Logger {
  return (event, detail) => {
    process.stderr.write(`${JSON.stringify({ component, event, ...detail })}\n`);
  };
}

export const silentLogger: Logger = () => undefined;
