// Commander wiring of `powercontext handoff-report …` (see handoff-report.ts).
import { type Command, Option } from "commander";
import {
  createProjectCommand,
  describeActivities,
  describeProject,
  describeProjects,
  describeReport,
  describeWorkstream,
  describeWorkstreams,
  getProjectCommand,
  getReportCommand,
  listActivitiesCommand,
  listProjectsCommand,
  listWorkstreamsCommand,
  type PageOptions,
  type ReportOptions,
  registerWorkstreamCommand,
} from "./handoff-report.ts";
import { type ClientOptions, clientOptions, positiveInteger, targetOf, withClientOptions } from "./options.ts";
import { runCommand } from "./output.ts";

const nonNegative = (value: string): number => (value === "0" ? 0 : positiveInteger(value));

function withPage(command: Command): Command {
  return withClientOptions(command)
    .option("--cursor <cursor>", "continue after the page that printed this cursor")
    .option("--limit <n>", "items per page (1–100, default 50)", positiveInteger)
    .option("--include-archived", "list archived ones too");
}

function addCatalogCommands(group: Command): void {
  withPage(group.command("projects").description("List Report Projects.")).action((_o: unknown, command: Command) => {
    const options = clientOptions<ClientOptions & PageOptions>(command);
    return runCommand(options, () => listProjectsCommand(targetOf(options), options), describeProjects);
  });
  withClientOptions(group.command("project").argument("<project_id>").description("Show one Report Project.")).action(
    (projectId: string, _o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions>(command);
      return runCommand(options, () => getProjectCommand(targetOf(options), projectId), describeProject);
    },
  );
  withClientOptions(group.command("create-project").description("Create a Report Project."))
    .requiredOption("--key <project_key>", "a unique short key, e.g. the repository name")
    .requiredOption("--title <title>", "the Project's title")
    .option("--description <text>", "what the Project is")
    .addOption(
      new Option("--locale <locale>", "the reports' default language (default zh-CN, as upstream)").choices([
        "zh-CN",
        "en",
      ]),
    )
    .option("--timezone <zone>", "an IANA time zone (default UTC)")
    .action((_o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & Parameters<typeof createProjectCommand>[1]>(command);
      return runCommand(options, () => createProjectCommand(targetOf(options), options), describeProject);
    });
  withPage(group.command("workstreams").argument("<project_id>").description("List a Project's Workstreams.")).action(
    (projectId: string, _o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & PageOptions>(command);
      return runCommand(
        options,
        () => listWorkstreamsCommand(targetOf(options), projectId, options),
        describeWorkstreams,
      );
    },
  );
  withClientOptions(group.command("register").argument("<project_id>").description("Group a scope under a Project."))
    .requiredOption("--scope <scope_id>", "the scope whose Handoffs the Workstream reports")
    .requiredOption("--title <title>", "the Workstream's title")
    .addOption(
      new Option("--kind <kind>", "what kind of work")
        .choices(["feature", "bug", "refactor", "operations", "research", "other"])
        .default("feature"),
    )
    .option("--key <key>", "a short key, unique within the Project")
    .action((projectId: string, _o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & Parameters<typeof registerWorkstreamCommand>[2]>(command);
      return runCommand(
        options,
        () => registerWorkstreamCommand(targetOf(options), projectId, options),
        describeWorkstream,
      );
    });
}

export function addHandoffReportCommands(program: Command): void {
  const group = program
    .command("handoff-report")
    .description("Handoff Reports: Report Projects, their Workstreams and activities, and the report itself.");
  addCatalogCommands(group);
  withClientOptions(group.command("activities").argument("<project_id>").description("List a Project's activities."))
    .option("--after <cursor>", "only activities after this cursor", nonNegative)
    .option("--limit <n>", "items per page (1–100, default 50)", positiveInteger)
    .action((projectId: string, _o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & { after?: number; limit?: number }>(command);
      return runCommand(
        options,
        () => listActivitiesCommand(targetOf(options), projectId, options),
        describeActivities,
      );
    });
  withClientOptions(group.command("get").argument("<project_id>").description("Generate a Project's Handoff Report."))
    .addOption(new Option("--format <format>", "markdown (default) or json").choices(["markdown", "json"]))
    .addOption(
      new Option("--locale <locale>", "the Markdown's language (default the Project's)").choices(["zh-CN", "en"]),
    )
    .option("--include-archived", "include archived Workstreams")
    .option("--no-evidence-checks", "do not check the Handoffs' cited evidence")
    .option("--from <date-time>", "period start, e.g. 2026-11-01T00:00:00Z (with --to)")
    .option("--to <date-time>", "period end (exclusive)")
    .option("--compare", "compare with the state at the period's start")
    .action((projectId: string, _o: unknown, command: Command) => {
      const options = clientOptions<ClientOptions & ReportOptions>(command);
      return runCommand(options, () => getReportCommand(targetOf(options), projectId, options), describeReport);
    });
}
