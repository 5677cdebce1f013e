// Distractor Sources for the question-type set: the chatter, questions, logs, code and durable-sounding asides that
// surround facts in a real coding chat, about the same components and tools, answering none of the questions.
import { pick } from "../dataset.ts";
import { PROJECT_COMPONENTS, type ProjectComponent } from "./project-components.ts";

const TOOLS = [
  "pnpm",
  "Vitest",
  "GitHub Actions",
  "esbuild",
  "Prettier",
  "ESLint",
  "Node 20",
  "Fastify",
  "PostgreSQL",
  "Redis",
  "Kafka",
  "Sentry",
  "Vault",
  "Terraform",
  "Docker",
  "Kubernetes",
  "Playwright",
  "Flyway",
  "LaunchDarkly",
  "Jest",
];
const TOPICS = [
  "timeout",
  "retry",
  "cache",
  "deploy",
  "migration",
  "port",
  "flag",
  "logs",
  "test",
  "database",
  "lockfile",
  "pipeline",
  "bundle",
  "schema",
  "review",
  "branch",
  "secret",
  "image",
  "queue",
  "version",
];
const ERRORS = [
  "ECONNREFUSED 127.0.0.1:5432",
  "ETIMEDOUT",
  "TypeError: Cannot read properties of undefined (reading 'id')",
  "deadlock detected",
  "429 Too Many Requests",
  "OOMKilled",
  "ERR_PNPM_OUTDATED_LOCKFILE",
  "certificate has expired",
  "exit code 137",
];
const FILES = ["index.ts", "handler.ts", "client.ts", "worker.ts", "schema.ts", "config.ts", "retry.ts", "routes.ts"];

type Template = (c: ProjectComponent, topic: string, tool: string) => string;

const CHATTER: readonly Template[] = [
  (c) => `Thanks, that fixed the ${c.name} build for me.`,
  () => "lgtm, merging now",
  (c) => `Can you take a look at my ${c.slug} PR when you get a chance?`,
  (c, t) => `I tried bumping the ${t} settings in the ${c.name} but nothing changed.`,
  (c) => `Looks like the ${c.name} dashboard is green again.`,
  () => "Sorry, was in a meeting. Reading back now.",
  (c, t) => `Let me check the ${c.slug} ${t} config and get back to you.`,
  (c, _t, tool) => `haha ${tool} strikes again, the ${c.name} is haunted`,
  (c, t) => `I ran the ${c.name} ${t} locally and it passed, weird.`,
  () => "good morning! anyone around to pair this afternoon?",
  (_c, _t, tool) => `did the ${tool} upgrade land yet or is that next week?`,
];
/** They sound durable, so the rules extractor keeps them, but no question here asks about them. */
const DURABLE_NOISE: readonly Template[] = [
  (c, t) => `We decided to rename the ${c.name} ${t} module next quarter.`,
  (c, t) => `The ${c.name} ${t} settings live in config/${c.slug}/${t}.yaml.`,
  (c) => `Never commit generated ${c.name} fixtures.`,
  (c, t) => `We agreed to pair on ${c.name} ${t} changes during onboarding weeks.`,
  (c) => `Always keep the ${c.slug} README screenshots up to date.`,
  (c, t) => `Don't add new ${t} code to the ${c.name} without a design note.`,
  (c, _t, tool) => `The ${tool} upgrade for the ${c.name} is tracked in the platform roadmap doc.`,
  (c) => `Prefer small PRs over big-bang rewrites in the ${c.name}.`,
];
const QUESTIONS: readonly Template[] = [
  (c, t) => `Why does the ${c.name} ${t} step fail on CI but not locally?`,
  (c, t) => `Is anyone else seeing the ${c.slug} ${t} flake today?`,
  (c) => `What changed in the ${c.name} since Friday?`,
  (c, t, tool) => `Should we revisit ${tool} for the ${c.name} ${t} next sprint?`,
  (c) => `Who broke the ${c.slug} staging env?`,
  (c, t) => `does the ${t} thing in ${c.name} still need the workaround?`,
];

export function chatNoise(next: () => number): string {
  const component = pick(next, PROJECT_COMPONENTS);
  const topic = pick(next, TOPICS);
  const tool = pick(next, TOOLS);
  const roll = next();
  if (roll < 0.1) return pick(next, DURABLE_NOISE)(component, topic, tool);
  if (roll < 0.35) return pick(next, CHATTER)(component, topic, tool);
  if (roll < 0.6) return pick(next, QUESTIONS)(component, topic, tool);
  if (roll < 0.8) return logLines(next, component.slug, 1 + Math.floor(next() * 6));
  return codeSnippet(next, component.slug, topic);
}

export function logLines(next: () => number, slug: string, count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const level = pick(next, ["INFO", "WARN", "ERROR", "DEBUG"]);
    const id = Math.floor(next() * 0xffffff).toString(16);
    const day = String(1 + Math.floor(next() * 28)).padStart(2, "0");
    lines.push(
      `2026-03-${day}T1${Math.floor(next() * 10)}:0${Math.floor(next() * 10)}:12Z ${level} ${slug} ` +
        `request_id=${id} ${pick(next, ERRORS)} after ${Math.floor(next() * 9000)}ms`,
    );
  }
  return lines.join("\n");
}

export function codeSnippet(next: () => number, slug: string, topic: string): string {
  const name = slug.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const limit = 1 + Math.floor(next() * 30);
  return [
    `here's the ${topic} code from ${slug}/src/${pick(next, FILES)}:`,
    "```ts",
    `export async function ${name}${topic[0]?.toUpperCase()}${topic.slice(1)}(input: Request): Promise<Response> {`,
    `  const ${topic}Limit = ${limit};`,
    `  for (let attempt = 0; attempt < ${topic}Limit; attempt += 1) {`,
    `    const result = await ${name}Client.send(input, { timeoutMs: ${limit * 100} });`,
    "    if (result.ok) return result;",
    "  }",
    `  throw new Error("${slug} ${topic} exhausted");`,
    "}",
    "```",
  ].join("\n");
}

/** A task prompt inside pasted output, the way a coding agent receives it mid-task. */
export function withPastedContext(next: () => number, prompt: string): string {
  const slug = pick(next, PROJECT_COMPONENTS).slug;
  const pasted = `${logLines(next, slug, 6 + Math.floor(next() * 10))}\n\n${codeSnippet(next, slug, pick(next, TOPICS))}`;
  return next() < 0.5
    ? `I'm in the middle of something and got this:\n\n${pasted}\n\nAnyway, ${prompt}`
    : `${prompt}\n\nHere is what I have so far, in case it helps:\n${pasted}`;
}
