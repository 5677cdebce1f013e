// Commander wiring for the `powercontext` command: one function per command group declares its commands and flags.
// Each action calls the group's module, which returns data and describes it in words; output.ts prints one or the other.
// Actions import their module when they run, so `server run` does not load (and hold in memory) every other command.
import { Argument, Command, Option } from "commander";
import { defaultDataDir } from "../config.ts";
import { addArtifactCommands } from "./artifact-commands.ts";
import { completionScript, SHELLS, type Shell } from "./completion/index.ts";
import { deprecationNotice, formerNamesIn } from "../setting-names.ts";
import { EXIT_FAILED, EXIT_USAGE, exitCodeOfReport, notice, printFailure, progress, runCommand } from "./output.ts";
import { PACKAGE_VERSION, serveUntilSignal } from "./server.ts";
import type { CandidateFilter } from "./review-bulk.ts";
import { addTurnCommands } from "./turn-commands.ts";
import { addLifecycleCommands } from "./lifecycle-commands.ts";
import { addHandoffReportCommands } from "./handoff-report-commands.ts";
import {
  type ClientOptions,
  clientOptions,
  type DecisionOptions,
  positiveInteger,
  type ScopedOptions,
  unitInterval,
  targetOf,
  withClientOptions,
  withScope,
} from "./options.ts";

export function buildProgram(): Command {
  // Set before any subcommand exists: commander copies these settings into subcommands when they are created.
  // Positional options: an option after a command belongs to that command, so `review approve --version 3` can never
  // reach the root's -V/--version (which printed the package version and exited 0, deciding nothing).
  const program = new Command("powercontext")
    .description("PowerContext: durable, project-scoped memory for coding agents.")
    .version(PACKAGE_VERSION, "-V, --version", "print the package version (only before a command)")
    .enablePositionalOptions()
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE));
  withClientOptions(program);
  addServerCommands(program);
  addSetupCommands(program);
  addDoctorCommands(program);
  addReviewCommands(program);
  addMemoryCommands(program);
  addTurnCommands(program);
  addLifecycleCommands(program);
  addHandoffReportCommands(program);
  addArtifactCommands(program);
  addMcpCommand(program);
  addCompletionCommand(program);
  return program;
}

/** The script is generated from `program` when the command runs, so it names every command declared above. */
function addCompletionCommand(program: Command): void {
  program
    .command("completion")
    .description("Print the shell completion script (bash, zsh or fish) for every command and option.")
    .addArgument(new Argument("<shell>", "the shell to complete in").choices(SHELLS))
    .option("--json", "print {shell, script} as one JSON object")
    .action((shell: Shell, options: { json?: boolean }) =>
      runCommand(
        options,
        async () => ({ shell, script: completionScript(program, shell) }),
        (value) => value.script.trimEnd(),
      ),
    );
}

export async function runCli(argv: readonly string[]): Promise<void> {
  const deprecated = deprecationNotice(formerNamesIn(process.env));
  if (deprecated !== null) notice(deprecated);
  await buildProgram().parseAsync([...argv], { from: "user" });
}

function addServerCommands(program: Command): void {
  const server = program.command("server").description("Run the PowerContext Server.");
  server
    .command("run")
    .description("Run the Server in the foreground until SIGINT or SIGTERM.")
    .option("--host <host>", "listen address (default 127.0.0.1, or POWERCONTEXT_SERVER_HOST)")
    .option("--port <port>", "listen port (default 8000, or POWERCONTEXT_SERVER_PORT)")
    .option(
      "--data-dir <dir>",
      "data directory (default POWERCONTEXT_HOME, $XDG_DATA_HOME/powercontext, ~/.local/share/powercontext)",
    )
    .option("--json", "print the startup summary as JSON")
    .action((options: { host?: string; port?: string; dataDir?: string; json?: boolean }) =>
      serveUntilSignal(process.env, options),
    );
}

function addSetupCommands(program: Command): void {
  const setup = program.command("setup").description("Install PowerContext into a coding agent.");
  setup
    .command("pi")
    .description(
      "Install the powercontext-pi package into Pi from a local checkout or a Git ref, then run `doctor pi`.",
    )
    .option("--source <source>", "owner/repo, a Git URL, or a local path (default: packages/pi of this checkout)")
    .option("--ref <ref>", "the Git ref to install (default: the remote's HEAD); needs a Git --source")
    .option("--pi <executable>", "the Pi executable (default: `pi` on PATH)")
    .option(
      "--data-dir <dir>",
      "where remote checkouts live (default POWERCONTEXT_HOME, $XDG_DATA_HOME/powercontext, ~/.local/share/powercontext)",
    )
    .option("--json", "print the result as one JSON object (no progress)")
    .action(async (options: { source?: string; ref?: string; pi?: string; dataDir?: string; json?: boolean }) => {
      const [{ checkoutPackageDir, describeSetupPi, NODE_FILE_OPS, setupPi }, { NODE_COMMAND_RUNNER }] =
        await Promise.all([import("./pi/index.ts"), import("./command-runner.ts")]);
      const run = () =>
        setupPi(
          {
            runner: NODE_COMMAND_RUNNER,
            files: NODE_FILE_OPS,
            env: process.env,
            dataDir: options.dataDir ?? defaultDataDir(process.env),
            defaultPackageDir: checkoutPackageDir(),
            onProgress: (message) => progress(`setup pi: ${message}`, options),
          },
          options,
        );
      return runCommand(options, run, describeSetupPi, exitCodeOfReport);
    });
}

function addDoctorCommands(program: Command): void {
  const doctorCommand = withClientOptions(
    program.command("doctor").description("Check the package and the Server's liveness and readiness."),
  );
  doctorCommand
    .command("pi")
    .description("Check the Pi executable, `pi list`, the installed powercontext-pi manifest and that it loads.")
    .option("--deep", "also run an isolated, passive preflight of the installed host (no prompt, no model, no network)")
    .option("--capabilities", "also measure the H1–H12 host capability matrix and its fail-closed gate")
    .option("--pi <executable>", "the Pi executable (default: `pi` on PATH)")
    .option("--json", "print the result as one JSON object")
    // `--json` after `pi` is parsed by `doctor` (which has the same option), so merge both levels.
    .action(async (_options: unknown, command: Command) => {
      const [{ describePiDoctor, doctorPi }, { NODE_COMMAND_RUNNER }] = await Promise.all([
        import("./pi/index.ts"),
        import("./command-runner.ts"),
      ]);
      const options = command.optsWithGlobals<{
        deep?: boolean;
        capabilities?: boolean;
        pi?: string;
        json?: boolean;
      }>();
      const deps = { runner: NODE_COMMAND_RUNNER, env: process.env };
      return runCommand(options, () => doctorPi(deps, options), describePiDoctor, exitCodeOfReport);
    });
  doctorCommand.action(async (_options: unknown, command: Command) => {
    const { describeDoctor, doctor } = await import("./doctor.ts");
    const options = clientOptions<ClientOptions>(command);
    return runCommand(options, () => doctor(targetOf(options), PACKAGE_VERSION), describeDoctor, exitCodeOfReport);
  });
}

function addReviewCommands(program: Command): void {
  const review = program.command("review").description("Review Memory candidates.");
  withScope(review.command("list").description("List candidates (pending by default)."))
    .option("--status <status>", "pending | approved | rejected", "pending")
    .option("--limit <n>", "page size (1–100)", positiveInteger)
    .option("--cursor <cursor>", "next_cursor of the previous page")
    .action(async (_options: unknown, command: Command) => {
      const { describeCandidatePage, listReview } = await import("./review.ts");
      const options = clientOptions<ScopedOptions & { status: string; limit?: number; cursor?: string }>(command);
      return runCommand(
        options,
        () => listReview(targetOf(options), options),
        (page) => describeCandidatePage(page, options.status),
      );
    });
  withScope(review.command("show").argument("<candidate_id>").description("Show one candidate.")).action(
    async (id: string, _options: unknown, command: Command) => {
      const { describeCandidate, showReview } = await import("./review.ts");
      const options = clientOptions<ScopedOptions>(command);
      return runCommand(options, () => showReview(targetOf(options), { scope: options.scope, id }), describeCandidate);
    },
  );
  withDecisionOptions(
    review.command("approve").argument("<candidate_id>").description("Approve a pending candidate into Memory."),
  ).action((id: string, _options: unknown, command: Command) => decide("approve", id, clientOptions(command)));
  withDecisionOptions(review.command("reject").argument("<candidate_id>").description("Reject a pending candidate."))
    .requiredOption("--reason <text>", "why it is rejected")
    .action((id: string, _options: unknown, command: Command) => decide("reject", id, clientOptions(command)));
  addBulkReviewCommands(review);
}

function addBulkReviewCommands(review: Command): void {
  for (const decision of ["approve", "reject"] as const) {
    const command = withScope(
      review
        .command(`${decision}-all`)
        .description(
          `${decision === "approve" ? "Approve" : "Reject"} every pending candidate that matches the filter.`,
        ),
    )
      .option("--kind <kind>", "only proposals of this kind")
      .option("--min-confidence <x>", "only candidates with confidence >= x (0–1)", unitInterval)
      .option("--max-confidence <x>", "only candidates with confidence <= x (0–1)", unitInterval)
      .option("--match <regex>", "only proposals whose text matches (case-insensitive)")
      .option("--dry-run", "list what would be decided, change nothing")
      .option("--reviewer <id>", "who decides (default user:cli)");
    if (decision === "reject") command.requiredOption("--reason <text>", "why they are rejected");
    command.action(async (_options: unknown, self: Command) => {
      const { bulkReview, describeBulkReview } = await import("./review-bulk.ts");
      const options = clientOptions<
        ScopedOptions & CandidateFilter & { dryRun?: boolean; reviewer?: string; reason?: string }
      >(self);
      return runCommand(
        options,
        () => bulkReview(targetOf(options), { ...options, decision }),
        describeBulkReview,
        (report) => (report.failed.length > 0 ? EXIT_FAILED : 0),
      );
    });
  }
}

function withDecisionOptions(command: Command): Command {
  return withScope(command)
    .option(
      "--expected-version <n>",
      "the candidate version you decide on (default: its current version)",
      positiveInteger,
    )
    .addOption(new Option("--version <n>", "former name of --expected-version").argParser(positiveInteger).hideHelp())
    .option("--reviewer <id>", "who decides (default user:cli)");
}

async function decide(
  decision: "approve" | "reject",
  id: string,
  options: DecisionOptions & { reason?: string },
): Promise<void> {
  const { decideReview, describeDecision } = await import("./review.ts");
  const version = options.expectedVersion ?? options.version;
  return runCommand(
    options,
    () => decideReview(targetOf(options), { ...options, version, id, decision }),
    (candidate) => describeDecision(decision, candidate),
  );
}

function addMemoryCommands(program: Command): void {
  const memory = program.command("memory").description("Read Memory.");
  withScope(memory.command("search").argument("<query...>").description("Search active Memory entries."))
    .option("--limit <n>", "hits (1–50)", positiveInteger)
    .action(async (words: string[], _options: unknown, command: Command) => {
      const { describeSearchResult, searchMemoryCommand } = await import("./memory.ts");
      const options = clientOptions<ScopedOptions & { limit?: number }>(command);
      const query = words.join(" ");
      return runCommand(
        options,
        () => searchMemoryCommand(targetOf(options), { ...options, query }),
        describeSearchResult,
      );
    });
  withScope(memory.command("list").description("List Memory entries at the head."))
    .option("--include-inactive", "include retired entries")
    .action(async (_options: unknown, command: Command) => {
      const { describeEntryListing, listMemoryCommand } = await import("./memory.ts");
      const options = clientOptions<ScopedOptions & { includeInactive?: boolean }>(command);
      return runCommand(options, () => listMemoryCommand(targetOf(options), options), describeEntryListing);
    });
}

function addMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description(
      "Serve the Server's MCP tools on stdin/stdout for hosts that launch stdio servers (proxies to a running Server).",
    )
    .option(
      "--server-url <url>",
      "Server base URL (default POWERCONTEXT_CLIENT_SERVER_URL, else http://127.0.0.1:8000)",
    )
    .option(
      "--scope <scope_id>",
      "the Scope a call without scope_id acts on (default: derived from the Git repository)",
    )
    .action(async (_options: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & { scope?: string }>(command);
      try {
        const { projectScope } = await import("./mcp/project-scope.ts");
        const defaultScope = await projectScope(process.cwd(), { explicit: options.scope ?? null });
        // Loaded here, not at start-up: the MCP SDK and its schema library cost every other command (and every
        // running Server) about 20 MB of memory.
        const { serveMcpOverStdio } = await import("./mcp/stdio-proxy.ts");
        await serveMcpOverStdio({ target: targetOf(options), defaultScope, version: PACKAGE_VERSION });
      } catch (error) {
        printFailure(error, {});
      }
    });
}
