// Commander wiring of `experience …`, `skill …` (proposals, generation, approved revisions and their review inbox)
// and `skills …` (the host's external Skills), see artifacts.ts.
import type { CandidateFamily } from "@powercontext/protocol";
import type { Command } from "commander";
import {
  artifactRef,
  collect,
  decideCandidate,
  describeArtifact,
  describeCandidate,
  describeCandidatePage,
  describeGenerated,
  describeScan,
  describeSkillList,
  type EvidenceOptions,
  generateArtifact,
  getArtifact,
  importSkill,
  listCandidates,
  listSkills,
  proposeExperience,
  proposeSkill,
  scanSkills,
  showCandidate,
} from "./artifacts.ts";
import { clientOptions, positiveInteger, type ScopedOptions, targetOf, withScope } from "./options.ts";
import { runCommand } from "./output.ts";

type Evidence = ScopedOptions & EvidenceOptions;

function withEvidence(command: Command): Command {
  return withScope(command)
    .option("--source <source_id>", "a cited Source (repeatable)", collect(String))
    .option("--artifact <family/id@revision>", "a cited artifact revision (repeatable)", collect(artifactRef))
    .option(
      "--target <family/id@revision>",
      "the revision this proposal revises (also cite it with --artifact)",
      artifactRef,
    )
    .option("--reason <text>", "why it is proposed");
}

export function addArtifactCommands(program: Command): void {
  const experience = program.command("experience").description("Propose, generate, read and review Experiences.");
  withEvidence(experience.command("propose").description("Propose an Experience for review."))
    .requiredOption("--situation <text>", "what the situation was")
    .requiredOption("--action <text>", "what was done")
    .requiredOption("--outcome <text>", "how it ended")
    .requiredOption("--lesson <text>", "what to take from it")
    .action((_options: unknown, command: Command) => {
      const options = clientOptions<Evidence & { situation: string; action: string; outcome: string; lesson: string }>(
        command,
      );
      return runCommand(options, () => proposeExperience(targetOf(options), options), describeCandidate);
    });
  addFamilyCommands(experience, "experience");

  const skill = program.command("skill").description("Propose, generate, read and review managed Skills.");
  withEvidence(skill.command("propose").description("Propose a managed Skill for review."))
    .requiredOption("--name <name>", "one line, at most 128 characters")
    .requiredOption("--description <text>", "one line: when to use it")
    .requiredOption("--instructions <text>", "what to do")
    .requiredOption("--check <text>", "a validation check (repeatable)", collect(String))
    .action((_options: unknown, command: Command) => {
      const options = clientOptions<
        Evidence & { name: string; description: string; instructions: string; check: string[] }
      >(command);
      return runCommand(options, () => proposeSkill(targetOf(options), options), describeCandidate);
    });
  addFamilyCommands(skill, "skill");
  addExternalSkillCommands(program);
}

/** generate, get, and the family's review inbox: list, show, approve, reject. */
function addFamilyCommands(group: Command, family: CandidateFamily): void {
  const generate = withEvidence(
    group.command("generate").description(`Draft a ${family} candidate from the cited evidence.`),
  );
  if (family === "skill") generate.option("--origin <origin>", "experience | source | usage", "experience");
  generate.action((_options: unknown, command: Command) => {
    const options = clientOptions<Evidence & { origin?: string }>(command);
    return runCommand(options, () => generateArtifact(targetOf(options), family, options), describeGenerated);
  });
  withScope(group.command("get").argument("<artifact_id>").description(`Show one approved ${family} revision.`))
    .requiredOption("--revision <n>", "the revision", positiveInteger)
    .action((id: string, _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { revision: number }>(command);
      return runCommand(options, () => getArtifact(targetOf(options), family, { ...options, id }), describeArtifact);
    });
  withScope(group.command("list").description(`List ${family} candidates (pending by default).`))
    .option("--status <status>", "pending | approved | rejected", "pending")
    .option("--limit <n>", "page size (1–100)", positiveInteger)
    .option("--cursor <cursor>", "next_cursor of the previous page")
    .action((_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { status: string; limit?: number; cursor?: string }>(command);
      return runCommand(options, () => listCandidates(targetOf(options), family, options), describeCandidatePage);
    });
  withScope(group.command("show").argument("<candidate_id>").description("Show one candidate.")).action(
    (id: string, _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions>(command);
      return runCommand(options, () => showCandidate(targetOf(options), { ...options, id }), describeCandidate);
    },
  );
  for (const decision of ["approve", "reject"] as const) {
    const command = withScope(
      group
        .command(decision)
        .argument("<candidate_id>")
        .description(`${decision === "approve" ? "Approve" : "Reject"} a pending candidate.`),
    ).option("--expected-version <n>", "the version you decide on (default: its current version)", positiveInteger);
    if (decision === "reject") command.requiredOption("--reason <text>", "why it is rejected");
    command.action((id: string, _options: unknown, self: Command) => {
      const options = clientOptions<ScopedOptions & { expectedVersion?: number; reason?: string }>(self);
      return runCommand(
        options,
        () => decideCandidate(targetOf(options), { ...options, id, decision }),
        describeCandidate,
      );
    });
  }
}

function addExternalSkillCommands(program: Command): void {
  const skills = program
    .command("skills")
    .description("The host's external Skill folders (POWERCONTEXT_SERVER_SKILL_ROOTS).");
  withScope(skills.command("scan").description("Rebuild the registry from the Server's Skill roots.")).action(
    (_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions>(command);
      return runCommand(options, () => scanSkills(targetOf(options), options), describeScan);
    },
  );
  withScope(skills.command("list").description("List registered external Skills available now."))
    .option("--include-unavailable", "also those whose folder changed or went away")
    .action((_options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { includeUnavailable?: boolean }>(command);
      return runCommand(options, () => listSkills(targetOf(options), options), describeSkillList);
    });
  withScope(
    skills
      .command("import")
      .argument("<external_skill_id>")
      .description("Propose an external Skill as a managed Skill."),
  )
    .option("--fingerprint <sha256>", "the exact version (default: the registered one)")
    .option("--fork", "propose it as a fork of our own")
    .option("--reason <text>", "why it is imported")
    .action((id: string, _options: unknown, command: Command) => {
      const options = clientOptions<ScopedOptions & { fingerprint?: string; fork?: boolean; reason?: string }>(command);
      return runCommand(options, () => importSkill(targetOf(options), { ...options, id }), describeGenerated);
    });
}
