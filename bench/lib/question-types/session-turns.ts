// The turns of a realistic chat session: the user's short messages (sometimes with pasted logs or code) and the
// assistant's longer replies of several sentences, often with code. Both keep naming the session's topic and its
// concerns, as real chats do, so the words a question shares with its evidence turn are shared with the rest of the
// session too, and the evidence turn has to win on the detail.
import { pick } from "../dataset.ts";
import { codeSnippet, logLines } from "./chat-noise.ts";
import type { SessionTopic } from "./types.ts";

type Line = (topic: SessionTopic, concern: string) => string;

const OPENINGS: ReadonlyArray<(opening: string) => string> = [
  (o) => `Hey, I'm ${o} and could use a second pair of eyes. Where would you start?`,
  (o) => `I'm ${o} this week. Can you help me plan it out?`,
  (o) => `ok so I'm ${o}. I've read a bit but I'm not sure what order to do things in.`,
];
const RETURNS: ReadonlyArray<(topic: SessionTopic) => string> = [
  (t) => `Back on ${t.name} again. Picking up where we left off last time.`,
  (t) => `Quick follow-up on ${t.name}, some things changed since we last talked.`,
];

const USER_WORK: readonly Line[] = [
  (_t, c) => `ok I looked at ${c} and it seems fine. what else could it be?`,
  (t, c) => `Should I deal with ${c} before or after the rest of ${t.name}?`,
  (t) => `that compiles now but ${t.slug} still behaves the same. next idea?`,
  (t) => `here's the output from ${t.slug}:\n\`\`\`\n{logs}\n\`\`\`\nany idea what's going on?`,
  (_t, c) => `tried your suggestion, same thing. could it be ${c}?`,
  (t) => `can you show me the change for ${t.slug} as a diff instead?`,
  (t, c) => `I'm not sure I follow the part about ${c}. Can you explain it like I've never touched ${t.slug}?`,
  (t) => `nice, that worked. one more thing about ${t.slug} though.`,
  (t, c) => `how would you test ${c} here? our ${t.slug} tests are mostly integration tests.`,
];
const USER_PERSONAL: readonly Line[] = [
  (_t, c) => `What do you think about ${c}? I keep going back and forth.`,
  (t) => `Can you make me a checklist for ${t.name}?`,
  (_t, c) => `good idea. and what about ${c}?`,
  (t, c) => `I'm a bit stressed about ${c} to be honest, ${t.name} is a big deal for me.`,
  () => "ok that helps. can you shorten that into three bullet points?",
  (t, c) => `Any tips on ${c}? It is my first time with ${t.name}.`,
];

const ASSISTANT_WORK: readonly Line[] = [
  (t, c) => `For ${t.name}, I would look at ${c} first, because it is the part that usually hides the real problem.`,
  (_t, c) => `The most common mistake with ${c} is changing two things at once, so measure before and after.`,
  (t) => `Keep the change to ${t.slug} small enough to review in one sitting and add a regression test with it.`,
  (_t, c) => `If ${c} looks fine, the next suspect is configuration that is read once at startup.`,
  (t) => `I would also add a log line around the call so the next person debugging ${t.slug} sees the inputs.`,
  (_t, c) => `There are two ways to handle ${c}: fix it at the source, or guard against it where it is used.`,
  () => "That stack trace points at the serializer, not the handler, so log the payload just before the call.",
  (t, c) => `Once ${c} is sorted, the rest of ${t.name} should be mostly mechanical.`,
  () => "Run it twice and compare the second run: the first one warms the caches and will mislead you.",
  (_t, c) => `I would write down what you learn about ${c} in the README, it will come up again.`,
  (t) => `You do not need to finish ${t.name} in one pull request; ship the safe half first.`,
  () => "Check the versions on both sides before anything else, a mismatch there explains most of these symptoms.",
];
const ASSISTANT_PERSONAL: readonly Line[] = [
  (t, c) => `For ${t.name}, I would sort out ${c} early, because everything else depends on it.`,
  (_t, c) => `Lots of people underestimate ${c}; give yourself more time for it than feels necessary.`,
  (t) => `Here is a rough plan for ${t.name}: decide the fixed parts this week, then fill in the rest.`,
  (_t, c) => `If ${c} feels overwhelming, break it into one small step per day.`,
  () => "Write the important dates and bookings in one place so you are not searching through emails later.",
  (t, c) => `It sounds like ${t.name} is coming together. ${c} is the last big open question.`,
  () => "Try not to plan every hour. Leaving some slack usually makes the whole thing more enjoyable.",
  (_t, c) => `A friend who has done ${c} before will give you better advice than any list online.`,
];

/** The user's first turn: a new topic, or a topic taken up again. */
export function openingTurn(next: () => number, topic: SessionTopic, revisit: boolean): string {
  return revisit ? pick(next, RETURNS)(topic) : pick(next, OPENINGS)(topic.opening);
}

/** A user turn about the topic that states nothing asked about. */
export function userTurn(next: () => number, topic: SessionTopic): string {
  const lines = topic.kind === "work" ? USER_WORK : USER_PERSONAL;
  const text = pick(next, lines)(topic, pick(next, topic.concerns));
  return text.replace("{logs}", () => logLines(next, topic.slug, 2 + Math.floor(next() * 4)));
}

/**
 * A user turn that mentions a detail in passing: a sentence on the topic, the mention, and a question to go on with.
 * Long pasted output sometimes comes with it, the way details get buried in real chats.
 */
export function mentionTurn(next: () => number, topic: SessionTopic, mention: string): string {
  const lead = next() < 0.3 ? `${userTurn(next, topic)} ` : "";
  const tail =
    next() < 0.5
      ? ` ${pick(next, topic.kind === "work" ? USER_WORK : USER_PERSONAL)(topic, pick(next, topic.concerns))}`
      : "";
  const text = `${lead}${capitalize(mention)}${tail}`.replace("{logs}", () => logLines(next, topic.slug, 3));
  if (topic.kind === "work" && next() < 0.1) return `${text}\n\n${codeSnippet(next, topic.slug, "retry")}`;
  return text;
}

/** An assistant reply of three to seven sentences, with a code block in many work sessions. */
export function assistantTurn(next: () => number, topic: SessionTopic): string {
  const lines = topic.kind === "work" ? ASSISTANT_WORK : ASSISTANT_PERSONAL;
  // Distinct sentence shapes, so a reply reads as one answer rather than one sentence said five ways.
  const count = 3 + Math.floor(next() * 5);
  const shapes = lines.map((line) => ({ line, order: next() })).sort((a, b) => a.order - b.order);
  const text = shapes
    .slice(0, count)
    .map(({ line }) => line(topic, pick(next, topic.concerns)))
    .join(" ");
  if (topic.kind === "work" && next() < 0.4) {
    const topicWord = pick(next, ["retry", "cache", "timeout", "queue", "batch", "limit"]);
    return `${text}\n\n${codeSnippet(next, topic.slug, topicWord)}\n\nThe loop bound is the part to tune.`;
  }
  return text;
}

/** Capitalizes a leading word, but not a leading identifier ("ledger.tz.spec.ts", "recs_v2"). */
function capitalize(text: string): string {
  return /^[a-z]+[ ,']/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
