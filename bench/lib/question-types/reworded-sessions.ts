// The reworded conversation set, a harder variant of the realistic one (realistic-sessions.ts): many chat sessions,
// each about one task, every user and assistant turn its own Source; details come up in passing and are asked about
// after all sessions in other words, with the task they belonged to named by an alias, so most questions share no
// content word with their evidence turns. It shows what keyword recall cannot reach.
import { pick, random, shuffle, shuffled } from "../dataset.ts";
import { codeSnippet, logLines } from "./chat-noise.ts";
import { PERSONAL_DETAILS, WORK_DETAILS, type ConversationDetail } from "./reworded-details.ts";
import { PROJECT_COMPONENTS, type ProjectComponent } from "./project-components.ts";
import type { ChatSource, ConversationQuestion, ConversationSet } from "./types.ts";

/** A session's task, as the user states it and as they recall it later. */
interface TaskAction {
  says: (component: string) => string;
  recalls: (alias: string) => string;
}

const ACTIONS: readonly TaskAction[] = [
  { says: (c) => `debugging a memory leak in the ${c}`, recalls: (a) => `chasing that RAM growth in ${a}` },
  { says: (c) => `migrating the ${c} to TypeScript`, recalls: (a) => `porting ${a} off plain JS` },
  { says: (c) => `speeding up the ${c} test suite`, recalls: (a) => `trying to make the checks for ${a} quicker` },
  { says: (c) => `fixing flaky deploys of the ${c}`, recalls: (a) => `sorting out ${a} releases that kept breaking` },
  { says: (c) => `adding rate limiting to the ${c}`, recalls: (a) => `throttling traffic into ${a}` },
  { says: (c) => `cleaning up the ${c} logging`, recalls: (a) => `tidying what ${a} prints` },
  { says: (c) => `splitting the ${c} into smaller modules`, recalls: (a) => `breaking ${a} apart` },
  { says: (c) => `writing the on-call runbook for the ${c}`, recalls: (a) => `documenting incident steps for ${a}` },
  { says: (c) => `chasing a timezone bug in the ${c}`, recalls: (a) => `hunting the UTC offset problem in ${a}` },
  { says: (c) => `upgrading the ${c} dependencies`, recalls: (a) => `bumping the packages ${a} relies on` },
];

const FOLLOW_UPS: ReadonlyArray<(c: ProjectComponent) => string> = [
  (c) => `ok that compiles now but the ${c.name} still behaves the same. what next?`,
  (c) => `here's the output:\n${"```"}\n${"{logs}"}\n${"```"}\nany idea? this is in ${c.slug}`,
  () => "can you show me the change as a diff instead?",
  (c) => `hmm, should this go in ${c.slug}/src or a shared package?`,
  () => "tried it, same thing. could it be the config?",
  () => "nice, that worked. one more thing though.",
];
const REPLIES: ReadonlyArray<(c: ProjectComponent, next: () => number) => string> = [
  (c, next) => `Try this version:\n${codeSnippet(next, c.slug, pick(next, ["retry", "cache", "timeout", "queue"]))}`,
  (c) => `The ${c.name} reads that value once at startup, so restart it after changing the config.`,
  () => "Good catch. The loop never awaits the promise, so errors are swallowed; add the await and rerun.",
  (c) => `I'd keep it inside ${c.slug} for now; moving it to a shared package can wait until a second caller exists.`,
  () => "That stack trace points at the serializer, not the handler. Can you log the payload just before the call?",
  () => "Yes, that's expected: the first run warms the cache. Compare the second run's timing instead.",
];

/**
 * What the user goes on with after a detail, about the session's task (`task` as the user says it): people mention
 * details on the way to a question. Naming the task also keeps two turns of different sessions that differ only in
 * the detail from reading as one turn: the Server merges near-duplicate turns, which would drop the later detail.
 */
const CARRY_ONS: ReadonlyArray<(task: string, c: ProjectComponent) => string> = [
  (task) => `Anyway, still ${task}: should the retry stay in the handler or move up a level?`,
  (task, c) => `Back to ${task} though, do I need a test before touching ${c.slug}/src/parse.ts?`,
  (task) => `So for ${task}, one PR or two?`,
  (task, c) => `Either way, since I'm ${task}, can you look at the error handling in ${c.slug}/src/client.ts next?`,
  (task) => `What would you change first? I've been ${task} all morning.`,
  (task) => `Not urgent. Is a cache even needed for ${task}?`,
  (task, c) => `Moving on (still ${task}), how do I stub the clock in the ${c.slug} tests?`,
  (task) => `ok, where were we with ${task}?`,
];
const ECHO_TAILS: ReadonlyArray<(task: string) => string> = [
  (task) => `For ${task} itself, I'd keep the change small and add one regression test.`,
  (task) => `As for ${task}: start with the config, it's read once at startup.`,
  (task) => `Then rerun the suite to make sure ${task} didn't move anything else.`,
];

/**
 * About `questions` questions over sessions of 6–14 turns; every sixth session mentions nothing asked about. Work
 * details never repeat within one task, so each question has exactly one right session.
 */
export function buildRewordedConversations({ seed, questions }: { seed: number; questions: number }): ConversationSet {
  const next = random(seed * 7919 + 1);
  const tasks = ACTIONS.flatMap((action) => PROJECT_COMPONENTS.map((component) => ({ action, component })));
  shuffle(next, tasks);
  const usedDetails = new Map<number, Set<string>>();
  const sources: ChatSource[] = [];
  const asked: ConversationQuestion[] = [];
  const personal = [...PERSONAL_DETAILS];
  let session = 0;
  while (asked.length < questions) {
    const taskIndex = session % tasks.length;
    const task = tasks[taskIndex] as (typeof tasks)[number];
    const used = usedDetails.get(taskIndex) ?? new Set<string>();
    usedDetails.set(taskIndex, used);
    const wanted = session % 6 === 5 ? 0 : Math.min(questions - asked.length, 1 + Math.floor(next() * 3));
    const details: ConversationDetail[] = [];
    for (const detail of shuffled(next, WORK_DETAILS)) {
      if (details.length >= wanted) break;
      if (used.has(detail.name)) continue;
      used.add(detail.name);
      details.push(detail);
    }
    const personalDetail = wanted > 0 && session % 4 === 0 ? personal.shift() : undefined;
    const turns = sessionTurns(next, session, task, details, personalDetail);
    sources.push(...turns.sources);
    for (const question of turns.questions) if (asked.length < questions) asked.push(question);
    session += 1;
  }
  return { name: "reworded", sources, questions: asked, sessions: session };
}

function sessionTurns(
  next: () => number,
  session: number,
  task: { action: TaskAction; component: ProjectComponent },
  details: readonly ConversationDetail[],
  personal: ConversationDetail | undefined,
): { sources: ChatSource[]; questions: ConversationQuestion[] } {
  const { action, component } = task;
  const sessionId = `conv-s${String(session).padStart(4, "0")}`;
  const sources: ChatSource[] = [];
  const say = (role: "user" | "assistant", content: string): string => {
    const source_id = `${sessionId}-t${String(sources.length).padStart(2, "0")}-${role}`;
    sources.push({ source_id, content, session_id: sessionId });
    return source_id;
  };
  say("user", `Hey, I'm ${action.says(component.name)} today and I'm a bit stuck. Where would you start?`);
  say("assistant", pick(next, REPLIES)(component, next));
  const mentioned: Array<{ detail: ConversationDetail; value: string; evidence: string[] }> = [];
  for (const detail of personal === undefined ? details : [...details, personal]) {
    if (next() < 0.6) {
      say("user", followUp(next, component));
      say("assistant", pick(next, REPLIES)(component, next));
    }
    const value = detail.value(next, component);
    const mention = pick(next, detail.mention)(value, component);
    const task = action.says(component.name);
    const evidence = [say("user", `${mention} ${pick(next, CARRY_ONS)(task, component)}`)];
    if (next() < 0.4) evidence.push(say("assistant", `${detail.echo(value)} ${pick(next, ECHO_TAILS)(task)}`));
    else say("assistant", pick(next, REPLIES)(component, next));
    mentioned.push({ detail, value, evidence });
  }
  say("user", followUp(next, component));
  say("assistant", pick(next, REPLIES)(component, next));
  const sessionIds = sources.map((source) => source.source_id);
  const questions = mentioned.map(({ detail, evidence }, index) => ({
    id: `${sessionId}-q${index}`,
    detail: detail.name,
    kind: detail === personal ? ("personal" as const) : ("work" as const),
    query:
      detail === personal
        ? `${pick(next, detail.ask)}?`
        : askAboutTask(next, pick(next, detail.ask), action.recalls(pick(next, component.aliases))),
    evidence_source_ids: evidence,
    session_source_ids: sessionIds,
  }));
  return { sources, questions };
}

function askAboutTask(next: () => number, ask: string, recalled: string): string {
  const roll = next();
  if (roll < 0.4) return `${ask} when we were ${recalled}?`;
  if (roll < 0.7) return `Back when we were ${recalled}: ${ask.charAt(0).toLowerCase()}${ask.slice(1)}?`;
  return `${ask}? This was the session about ${recalled}.`;
}

function followUp(next: () => number, component: ProjectComponent): string {
  return pick(next, FOLLOW_UPS)(component).replace("{logs}", logLines(next, component.slug, 3));
}
