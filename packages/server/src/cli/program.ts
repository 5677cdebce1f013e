// Commander wiring for the `powercontext` command.
import { Command } from "commander";
import { printFailure, printResult, progress } from "./output.ts";
import { PACKAGE_VERSION, runServer } from "./server.ts";

export function buildProgram(): Command {
  const program = new Command("powercontext")
    .description("PowerContext: durable, project-scoped memory for coding agents.")
    .version(PACKAGE_VERSION);
  const server = program.command("server").description("Run the PowerContext Server.");
  server
    .command("run")
    .description("Run the Server in the foreground until SIGINT or SIGTERM.")
    .option("--host <host>", "listen address (default 127.0.0.1, or POWERCONTEXT_SERVER_HOST)")
    .option("--port <port>", "listen port (default 8000, or POWERCONTEXT_SERVER_PORT)")
    .option("--data-dir <dir>", "data directory (default POWERCONTEXT_HOME, $XDG_DATA_HOME/powercontext, ~/.local/share/powercontext)")
    .option("--json", "print the startup summary as JSON")
    .action(async (options: { host?: string; port?: string; dataDir?: string; json?: boolean }) => {
      try {
        const running = await runServer(process.env, options);
        printResult(
          { status: "listening", url: running.url, data_dir: running.dataDir, store: running.engine, version: PACKAGE_VERSION },
          `PowerContext ${PACKAGE_VERSION} listening on ${running.url} (store: ${running.engine}, data: ${running.dataDir})`,
          options,
        );
        const stop = (signal: string) => {
          progress(`${signal}: shutting down`, options);
          running.close().then(
            () => process.exit(0),
            (error: unknown) => {
              printFailure(error, options);
              process.exit(1);
            },
          );
        };
        process.once("SIGINT", () => stop("SIGINT"));
        process.once("SIGTERM", () => stop("SIGTERM"));
      } catch (error) {
        printFailure(error, options);
      }
    });
  return program;
}

export async function runCli(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv], { from: "user" });
}
