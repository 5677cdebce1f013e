// The friends conversation set, shaped like LoCoMo: many pairs of friends, each pair chatting over a dozen sessions
// about their lives, every turn its own Source written as "Name: text". One friend tells of an event in the first
// person, the other asks a follow-up, the teller answers; the rest is small talk. The questions come after all
// sessions, in the third person with the teller's name ("What breed is Lena's dog?"). Every pair lives through the
// same kinds of event with other values, so recall has to find the right friend's turn among look-alikes, and the
// friend's name is the only word that tells two of them apart.
import { pick, random, shuffled } from "../dataset.ts";
import { type EventValues, LIFE_EVENTS, type LifeEvent } from "./friends-events.ts";
import type { ChatSource, ConversationQuestion, ConversationSet } from "./types.ts";

const NAMES = [
  "Lena",
  "Marco",
  "Aisha",
  "Ben",
  "Chloe",
  "Dev",
  "Hana",
  "Omar",
  "Iris",
  "Kwame",
  "Jade",
  "Luis",
  "Maya",
  "Noah",
  "Rosa",
  "Sven",
  "Zoe",
  "Felix",
  "Nadia",
  "Pablo",
  "Greta",
  "Yusuf",
  "Tessa",
  "Ravi",
  "Elif",
  "Colm",
  "Sofia",
  "Dmitri",
  "Amara",
  "Henrik",
  "Leah",
  "Mateo",
  "Ingrid",
  "Kofi",
  "Mira",
  "Tobias",
  "Anya",
  "Jonas",
  "Priya",
  "Theo",
  "Keiko",
  "Rafael",
  "Olga",
  "Samir",
  "Freya",
  "Diego",
  "Wren",
  "Idris",
  "Carmen",
  "Emil",
  "Nora",
  "Ayo",
  "Vera",
  "Lucas",
  "Saoirse",
  "Hugo",
  "Talia",
  "Arjun",
  "Ebba",
  "Malik",
  "Celine",
  "Oskar",
  "Yara",
  "Bruno",
];
/** Events each friend lives through; the rest of LIFE_EVENTS is left to other friends. */
const EVENTS_PER_FRIEND = 14;
/** Share of a friend's events that are told but never asked about: they look like the ones that are. */
const UNASKED_SHARE = 0.15;
/** Sessions of small talk alone, per pair. */
const IDLE_SESSIONS = 2;
const REWORDED_SHARE = 0.25;

const GREETINGS: ReadonlyArray<(other: string) => string> = [
  (o) => `Hey ${o}! Long time no talk. How have you been?`,
  (o) => `Hi ${o}! Hope your week is going okay.`,
  (o) => `${o}! I've been meaning to message you all week.`,
  () => "Morning! Do you have a minute to catch up?",
];
const REPLIES_TO_GREETING: ReadonlyArray<(other: string) => string> = [
  (o) => `Hi ${o}! Busy but good. Work has been a lot lately.`,
  () => "Hey! So good to hear from you. Things are hectic but fine.",
  (o) => `${o}! Yes please, I need a break from everything.`,
];
const SMALL_TALK = [
  "The kids have been keeping me on my toes this week.",
  "Honestly I just need a quiet weekend on the couch.",
  "Work is still crazy, we have a big deadline coming up.",
  "The weather has been so gloomy, I miss the sun.",
  "I've been trying to go to bed earlier, it's not working.",
  "My family keeps asking when we're all getting together again.",
  "I tried a new coffee place near the office, not bad!",
  "We binged a whole season of a cooking show last night.",
  "I keep saying I'll exercise more and then I don't.",
  "Self-care has been my focus lately, small things every day.",
  "My phone screen cracked again, classic me.",
  "The garden is a mess but the roses survived somehow.",
];
const REACTIONS = [
  "That's wonderful, I'm so happy for you!",
  "I love that for you.",
  "Wow, you have to tell me more next time.",
  "That sounds so fulfilling.",
  "Haha, that's so you.",
  "You deserve it, honestly.",
];
const CLOSINGS: ReadonlyArray<(other: string) => string> = [
  (o) => `Gotta run, talk soon ${o}!`,
  () => "I have to go pick up the kids, bye!",
  (o) => `Take care, ${o}. Catch up again soon!`,
];

interface Told {
  teller: string;
  event: LifeEvent;
  values: EventValues;
  asked: boolean;
}

/**
 * About `questions` questions, deterministic for `seed`. With `labels` false the turns are stored without the
 * speaker's name ("I ran a 10K on Sunday!"), as a capture that keeps the speaker elsewhere would: the friend's name is
 * then only in the other friend's words ("No way, Lena!").
 */
export function buildFriendsConversations({
  seed,
  questions,
  labels = true,
}: {
  seed: number;
  questions: number;
  labels?: boolean;
}): ConversationSet {
  const next = random(seed * 7919 + 23);
  const sources: ChatSource[] = [];
  const asked: ConversationQuestion[] = [];
  let sessions = 0;
  for (let pair = 0; 2 * pair + 1 < NAMES.length && asked.length < questions; pair += 1) {
    const friends = [NAMES[2 * pair] as string, NAMES[2 * pair + 1] as string] as const;
    const told: Told[] = friends.flatMap((teller) =>
      shuffled(next, LIFE_EVENTS)
        .slice(0, EVENTS_PER_FRIEND)
        .map((event) => ({ teller, event, values: drawValues(next, event), asked: next() >= UNASKED_SHARE })),
    );
    // Two events a session, in a shuffled order, and a few sessions of small talk alone.
    const order = shuffled(next, told);
    const plan: Told[][] = [];
    for (let at = 0; at < order.length; at += 2) plan.push(order.slice(at, at + 2));
    for (let idle = 0; idle < IDLE_SESSIONS; idle += 1) plan.splice(Math.floor(next() * plan.length), 0, []);
    for (const events of plan) {
      const sessionId = `friends-p${pair}-s${String(sessions).padStart(4, "0")}`;
      const session = buildSession(next, sessionId, friends, events, labels);
      sources.push(...session.sources);
      for (const question of session.questions) if (asked.length < questions) asked.push(question);
      sessions += 1;
    }
  }
  return { name: labels ? "friends" : "friends-unlabelled", sources, questions: asked, sessions };
}

function drawValues(next: () => number, event: LifeEvent): EventValues {
  return Object.fromEntries(Object.entries(event.values).map(([slot, values]) => [slot, pick(next, values)]));
}

function buildSession(
  next: () => number,
  sessionId: string,
  friends: readonly [string, string],
  events: readonly Told[],
  labels: boolean,
): { sources: ChatSource[]; questions: ConversationQuestion[] } {
  const sources: ChatSource[] = [];
  // Small talk in a shuffled order, so that no line is said twice in a session.
  const talk = shuffled(next, SMALL_TALK);
  const smallTalk = () => talk[sources.length % talk.length] as string;
  const say = (speaker: string, text: string): string => {
    const source_id = `${sessionId}-t${String(sources.length).padStart(2, "0")}`;
    sources.push({ source_id, content: labels ? `${speaker}: ${text}` : text, session_id: sessionId });
    return source_id;
  };
  const otherOf = (name: string) => (name === friends[0] ? friends[1] : friends[0]);
  const opener = friends[next() < 0.5 ? 0 : 1];
  say(opener, pick(next, GREETINGS)(otherOf(opener)));
  say(otherOf(opener), pick(next, REPLIES_TO_GREETING)(opener));
  const turnsOf: Array<{ told: Told; tell: string; answer: string }> = [];
  for (const told of events) {
    const friend = otherOf(told.teller);
    if (next() < 0.5) say(told.teller, smallTalk());
    const tell = say(told.teller, pick(next, told.event.tell)(told.values));
    say(friend, pick(next, told.event.follow)(told.teller, told.values));
    const answer = say(told.teller, pick(next, told.event.answer)(told.values));
    say(friend, pick(next, REACTIONS));
    turnsOf.push({ told, tell, answer });
  }
  const idle = events.length === 0 ? 4 + Math.floor(next() * 6) : Math.floor(next() * 3);
  for (let turn = 0; turn < idle; turn += 1) say(friends[turn % 2] as string, smallTalk());
  const closer = friends[next() < 0.5 ? 0 : 1];
  say(closer, pick(next, CLOSINGS)(otherOf(closer)));
  const sessionIds = sources.map((source) => source.source_id);
  const questions: ConversationQuestion[] = [];
  for (const { told, tell, answer } of turnsOf) {
    if (!told.asked) continue;
    const plain = told.event.questions.filter((q) => q.reworded !== true);
    const reworded = told.event.questions.filter((q) => q.reworded === true);
    // Two questions an event, each in other words now and then.
    for (const [index, first] of shuffled(next, plain).slice(0, 2).entries()) {
      const wanted = reworded.length > 0 && next() < REWORDED_SHARE ? pick(next, reworded) : first;
      const detail = `${told.event.key}:${wanted.ask(told.teller, told.values)}`;
      if (questions.some((q) => q.detail === detail)) continue;
      questions.push({
        id: `${sessionId}-${told.teller}-${told.event.key}-q${index}`,
        detail,
        kind: "personal",
        query: wanted.ask(told.teller, told.values),
        evidence_source_ids: [wanted.turn === "tell" ? tell : answer],
        session_source_ids: sessionIds,
      });
    }
  }
  return { sources, questions };
}
