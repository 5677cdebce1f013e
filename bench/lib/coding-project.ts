// A deterministic coding-project conversation for the quality benchmark: durable facts planted in chat turns among
// distractor Sources (chatter, questions, logs, code), and paraphrased questions that each fact answers.
import { COMPONENTS } from "./coding-components.ts";
import { ASPECTS, type Aspect, type FactSlots } from "./fact-aspects.ts";
import { pick, random, shuffle } from "./dataset.ts";

export interface PlantedFact {
  id: string;
  aspect: string;
  statement: string;
  /** The Source whose content states the fact. */
  source_id: string;
  /** An earlier Source that stated the same aspect with another value (a decision since changed), or null. */
  stale_source_id: string | null;
}

export interface QualitySource {
  source_id: string;
  content: string;
}

export interface QualityQuestion {
  fact_id: string;
  /** "short": the question alone; "long": the question inside a pasted log or diff, as prompts often arrive. */
  shape: "short" | "long";
  query: string;
}

export interface CodingProject {
  facts: PlantedFact[];
  /** Facts and distractors interleaved, in capture order. */
  sources: QualitySource[];
  questions: QualityQuestion[];
}

const slugOf = (component: string): string => component.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const LEADS = [
  "",
  "",
  "OK, ",
  "Alright, for the record:\n",
  "Summary of the call:\n- ",
  "Quick update. ",
  "Heads up: ",
  "Following up on yesterday's thread.\n\n",
];
const TAILS = [
  "",
  "",
  " I'll update the README later.",
  " Ping me if anything is unclear.",
  " Thanks everyone for the input!",
  " Let me know if that breaks anything on your side.",
];

/**
 * `facts` facts (≤ components × aspects) among `distractors` distractor Sources; the same options give the same project.
 * A `stale` share of the facts, spread evenly, was first stated with another value in an earlier Source (a changed
 * decision), placed at a random position before the current statement.
 */
export function buildCodingProject({
  seed,
  facts,
  distractors,
  stale = 0,
}: {
  seed: number;
  facts: number;
  distractors: number;
  stale?: number;
}): CodingProject {
  const next = random(seed);
  const pairs: Array<[string, Aspect]> = [];
  for (const component of COMPONENTS) for (const aspect of ASPECTS) pairs.push([component, aspect]);
  shuffle(next, pairs);
  const planted: PlantedFact[] = [];
  const factSources: QualitySource[] = [];
  const staleSources: QualitySource[] = [];
  const questions: QualityQuestion[] = [];
  for (const [index, [component, aspect]] of pairs.slice(0, facts).entries()) {
    const slots: FactSlots = {
      component,
      slug: slugOf(component),
      value: pick(next, aspect.values),
      other: pick(next, aspect.others),
    };
    const statement = pick(next, aspect.statements)(slots);
    const id = `fact-${String(index).padStart(4, "0")}`;
    const source_id = `src-${id}`;
    const staleValue = aspect.values.filter((value) => value !== slots.value);
    const earlier =
      Math.floor((index + 1) * stale) > Math.floor(index * stale)
        ? {
            source_id: `src-stale-${id}`,
            content: pick(next, aspect.statements)({ ...slots, value: pick(next, staleValue) }),
          }
        : null;
    planted.push({ id, aspect: aspect.name, statement, source_id, stale_source_id: earlier?.source_id ?? null });
    factSources.push({ source_id, content: `${pick(next, LEADS)}${statement}${pick(next, TAILS)}` });
    if (earlier !== null) staleSources.push(earlier);
    const asked = [...aspect.questions];
    shuffle(next, asked);
    const [first, second] = asked;
    if (first === undefined || second === undefined) throw new Error(`aspect ${aspect.name} needs two questions`);
    questions.push({ fact_id: id, shape: "short", query: first(slots) });
    questions.push({ fact_id: id, shape: "short", query: second(slots) });
    questions.push({ fact_id: id, shape: "long", query: longPrompt(next, second(slots)) });
  }
  const sources: QualitySource[] = [];
  const total = facts + distractors;
  let factIndex = 0;
  for (let i = 0; i < total; i += 1) {
    // Spread the facts evenly through the journal.
    if (factIndex < factSources.length && Math.floor((i * factSources.length) / total) >= factIndex) {
      sources.push(factSources[factIndex] as QualitySource);
      factIndex += 1;
      continue;
    }
    sources.push({ source_id: `src-noise-${String(i).padStart(6, "0")}`, content: distractor(next) });
  }
  return { facts: planted, sources: withStale(next, sources, staleSources), questions };
}

/** Inserts each stale Source at a random position before the Source of the fact that replaced it. */
function withStale(
  next: () => number,
  sources: readonly QualitySource[],
  stale: readonly QualitySource[],
): QualitySource[] {
  if (stale.length === 0) return [...sources];
  const keyed = sources.map((source, index) => ({ key: index, source }));
  const factIndex = new Map(sources.map((source, index) => [source.source_id, index]));
  for (const source of stale) {
    const replacedAt = factIndex.get(source.source_id.replace("src-stale-", "src-")) ?? 0;
    keyed.push({ key: next() * replacedAt - 0.5, source });
  }
  return keyed.sort((a, b) => a.key - b.key).map((entry) => entry.source);
}

// ---------- Distractors ----------

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
  "events",
  "owner",
  "dependency",
  "build",
  "schema",
];
const ERRORS = [
  "ECONNREFUSED",
  "ETIMEDOUT",
  "TypeError: Cannot read properties of undefined (reading 'id')",
  "deadlock detected",
  "429 Too Many Requests",
  "OOMKilled",
  "SyntaxError: Unexpected token",
  "certificate has expired",
];
const FILES = ["index.ts", "handler.ts", "client.ts", "worker.ts", "schema.ts", "config.ts", "retry.ts", "routes.ts"];

const CHATTER: ReadonlyArray<(c: string, t: string) => string> = [
  (c) => `Thanks, that fixed the ${c} build for me.`,
  () => "lgtm, merging now",
  (c) => `Can you take a look at my ${c} PR when you get a chance?`,
  (c, t) => `I tried bumping the ${t} settings in the ${c} but nothing changed.`,
  (c) => `Looks like the ${c} dashboard is green again.`,
  () => "Sorry, was in a meeting. Reading back now.",
  (c, t) => `Let me check the ${c} ${t} config and get back to you.`,
  (c) => `haha yes the ${c} is haunted`,
  (c, t) => `I ran the ${c} ${t} locally and it passed, weird.`,
  () => "good morning! anyone around to pair this afternoon?",
];
/** Durable-sounding statements that answer none of the questions: the extractor keeps them, recall must not. */
const DURABLE_NOISE: ReadonlyArray<(c: string, t: string, slug: string) => string> = [
  (c, t) => `We decided to rename the ${c} ${t} module next quarter.`,
  (c) => `Always squash-merge ${c} pull requests.`,
  (c, t, slug) => `The ${c} ${t} settings live in config/${slug}/${t}.yaml.`,
  (c) => `Never commit generated ${c} fixtures.`,
  (c, t) => `We agreed to review ${c} ${t} changes in pairs.`,
  (c, t) => `The ${c} ${t} dashboard is hosted in Grafana under the team folder.`,
  (c) => `Prefer small PRs over big-bang rewrites in the ${c}.`,
  (c, t) => `Don't add new ${t} code to the ${c} without a design note.`,
];
const QUESTIONS: ReadonlyArray<(c: string, t: string) => string> = [
  (c, t) => `Why does the ${c} ${t} step fail on CI but not locally?`,
  (c, t) => `Is anyone else seeing the ${c} ${t} flake today?`,
  (c, t) => `Does somebody know where the ${t} for the ${c} is configured?`,
  (c) => `What changed in the ${c} since Friday?`,
  (c, t) => `Should we revisit the ${t} setup for the ${c} next sprint?`,
  (c) => `Who broke the ${c} staging env?`,
];

function distractor(next: () => number): string {
  const component = pick(next, COMPONENTS);
  const topic = pick(next, TOPICS);
  const roll = next();
  if (roll < 0.1) return pick(next, DURABLE_NOISE)(component, topic, slugOf(component));
  if (roll < 0.35) return pick(next, CHATTER)(component, topic);
  if (roll < 0.6) return pick(next, QUESTIONS)(component, topic);
  if (roll < 0.8) return logLines(next, component, 1 + Math.floor(next() * 6));
  return codeSnippet(next, component, topic);
}

function logLines(next: () => number, component: string, count: number): string {
  const slug = slugOf(component);
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const level = pick(next, ["INFO", "WARN", "ERROR", "DEBUG"]);
    const ms = Math.floor(next() * 9000);
    const id = Math.floor(next() * 0xffffff).toString(16);
    lines.push(
      `2026-03-${String(1 + Math.floor(next() * 28)).padStart(2, "0")}T1${Math.floor(next() * 10)}:0${Math.floor(next() * 10)}:12Z ${level} ${slug} request_id=${id} ${pick(next, ERRORS)} after ${ms}ms`,
    );
  }
  return lines.join("\n");
}

function codeSnippet(next: () => number, component: string, topic: string): string {
  const slug = slugOf(component);
  const name = slug.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const n = 1 + Math.floor(next() * 30);
  return [
    `here's the ${component} ${topic} code from ${slug}/${pick(next, FILES)}:`,
    "```ts",
    `export async function ${name}${topic[0]?.toUpperCase()}${topic.slice(1)}(input: Request): Promise<Response> {`,
    `  const ${topic}Limit = ${n};`,
    `  for (let attempt = 0; attempt < ${topic}Limit; attempt += 1) {`,
    `    const result = await ${name}Client.send(input, { timeoutMs: ${n * 100} });`,
    "    if (result.ok) return result;",
    "  }",
    `  throw new Error("${slug} ${topic} exhausted");`,
    "}",
    "```",
  ].join("\n");
}

/** The question after (or before) a pasted log and a snippet: the long prompts a coding agent actually receives. */
function longPrompt(next: () => number, question: string): string {
  const component = pick(next, COMPONENTS);
  const pasted = `${logLines(next, component, 8 + Math.floor(next() * 12))}\n\n${codeSnippet(next, component, pick(next, TOPICS))}`;
  return next() < 0.5
    ? `I'm working on a fix and got this output:\n\n${pasted}\n\nUnrelated, but ${question}`
    : `${question}\n\nContext, in case it matters (from my current task):\n${pasted}`;
}
