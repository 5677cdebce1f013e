// What a user mentions in passing during a coding chat and asks about sessions later, for the reworded set. Work details belong to the
// session's task ("the staging database I had trouble with while porting the ledger"), so the question names the task
// too; personal details (laptop, city, pet) are mentioned once in the whole history. Each mention is worded apart
// from its question, as people recall things in their own words.
import { pick } from "../dataset.ts";
import type { ProjectComponent } from "./project-components.ts";

export interface ConversationDetail {
  name: string;
  value: (next: () => number, component: ProjectComponent) => string;
  /** The user's turn that mentions the value in passing, among other talk about the task. */
  mention: ReadonlyArray<(value: string, component: ProjectComponent) => string>;
  /** An assistant reply that repeats the value (a second evidence turn). */
  echo: (value: string) => string;
  /** The question, without the clause that names the task. */
  ask: readonly string[];
}

const NAMES = ["Priya", "Marcus", "Yuki", "Tomás", "Aisha", "Lars", "Mei", "Kofi", "Elena", "Ravi", "Noor", "Jonas"];
const num = (next: () => number, from: number, to: number) => String(from + Math.floor(next() * (to - from)));
const oneOf =
  (values: readonly string[]) =>
  (next: () => number): string =>
    pick(next, values);

/** Details tied to the task of the session they come up in. */
export const WORK_DETAILS: readonly ConversationDetail[] = [
  {
    name: "staging-database",
    value: (next, c) => `${c.slug}-stg-${num(next, 1, 9)}`,
    mention: [
      (v) => `ugh, ${v} keeps timing out on me again. anyway, what about the second approach?`,
      (v) => `side note: I can't even connect to ${v} half the time, so I'm testing against prod copies.`,
    ],
    echo: (v) => `If ${v} is flaky, point the tests at a throwaway container instead so it doesn't block you.`,
    ask: ["What was the name of the staging database I said I had trouble with"],
  },
  {
    name: "ticket",
    value: (next) => `${oneOf(["PAY", "OPS", "CORE", "WEB", "DATA"])(next)}-${num(next, 100, 9999)}`,
    mention: [(v) => `this is all for ${v} btw, so I'll link the PR there.`, (v) => `(tracking it in ${v})`],
    echo: (v) => `Sounds good, mention ${v} in the PR description so it closes automatically.`,
    ask: ["Which issue number was that work filed under", "What Jira key did I say the work belonged to"],
  },
  {
    name: "customer",
    value: oneOf(["Acme Logistics", "Northwind", "Globex", "Initech", "Umbrella Health", "Stark Freight", "Hooli"]),
    mention: [
      (v) => `${v} is the one complaining, they're our biggest account.`,
      (v) => `it's blocking ${v}'s rollout.`,
    ],
    echo: (v) => `Since ${v} is waiting on it, ship the smallest safe fix first.`,
    ask: ["Which client was waiting on that", "Who was the customer affected"],
  },
  {
    name: "deadline",
    value: oneOf([
      "Friday the 14th",
      "end of Q2",
      "next Thursday's demo",
      "March 3rd",
      "the 1.8 release",
      "Monday noon",
    ]),
    mention: [(v) => `I have until ${v} for this, no pressure lol.`, (v) => `this needs to land by ${v}.`],
    echo: (v) => `With ${v} as the cutoff, keep the refactor out of this PR.`,
    ask: ["By when did I have to finish", "What was my cutoff date"],
  },
  {
    name: "author",
    value: oneOf(NAMES),
    mention: [(v) => `${v} wrote most of this originally and then left for another team.`, (v) => `blame says ${v}.`],
    echo: (v) => `It might be worth a quick chat with ${v} about why it was built that way.`,
    ask: ["Who originally wrote that code", "Whose code was it originally"],
  },
  {
    name: "rejected-library",
    value: oneOf(["Moment.js", "Lodash", "Axios", "Prisma", "TypeORM", "RxJS", "Sequelize", "Bull"]),
    mention: [
      (v) => `we tried ${v} for this a year ago and ripped it out.`,
      (v) => `and please no ${v}, we got burned.`,
    ],
    echo: (v) => `Understood, I'll stay away from ${v} and stick to what's already in the repo.`,
    ask: ["Which package did I say we had abandoned before", "What dependency did I rule out"],
  },
  {
    name: "branch",
    value: (next, c) => `${oneOf(["fix", "feat", "chore", "spike"])(next)}/${c.slug}-${num(next, 10, 999)}`,
    mention: [(v) => `I'm on ${v} if you want to look.`, (v) => `pushed what I have to ${v}.`],
    echo: (v) => `I had a look at ${v}; the second commit is where it goes wrong.`,
    ask: ["What git ref was my work on", "Where did I push my changes"],
  },
  {
    name: "error-code",
    value: oneOf([
      "ERR_SSL_WRONG_VERSION_NUMBER",
      "SQLSTATE 40001",
      "EADDRINUSE",
      "ENOTFOUND",
      "E11000",
      "ERR_REQUIRE_ESM",
    ]),
    mention: [(v) => `and now I'm getting ${v} on top of everything.`, (v) => `new one: ${v}. great.`],
    echo: (v) => `${v} usually means a config mismatch; check the versions first.`,
    ask: ["What failure message was I seeing", "Which exception code did I run into"],
  },
  {
    name: "pull-request",
    value: (next) => `#${num(next, 1000, 9999)}`,
    mention: [(v) => `PR is ${v}, still draft.`, (v) => `I opened ${v} but CI hasn't picked it up.`],
    echo: (v) => `I'd split ${v} in two so review is quicker.`,
    ask: ["What number did my change request have", "Which review was it"],
  },
  {
    name: "target",
    value: oneOf(["p99 under 300 ms", "p95 below 120 ms", "under 2 seconds cold start", "50 requests per second"]),
    mention: [(v) => `goal is ${v}, we're nowhere near.`, (v) => `product wants ${v}.`],
    echo: (v) => `To hit ${v} you'll need caching on the hot path.`,
    ask: ["What performance goal was I aiming for", "How fast did it need to be"],
  },
  {
    name: "row-count",
    value: (next) => `${num(next, 2, 90)}k rows`,
    mention: [(v) => `the table only has ${v}, so it shouldn't be this slow.`, (v) => `it's ${v} total.`],
    echo: (v) => `At ${v} a full scan is fine; the slowness is elsewhere.`,
    ask: ["How big was the table", "How many records were we dealing with"],
  },
  {
    name: "flaky-test",
    value: (next, c) => `${c.slug}.${oneOf(["retries", "auth", "export", "cache", "tz"])(next)}.spec.ts`,
    mention: [(v) => `${v} failed again on CI, third time today.`, (v) => `except ${v}, which is red again.`],
    echo: (v) => `${v} probably depends on wall-clock time; fake the timers there.`,
    ask: ["Which spec kept failing intermittently", "What was the unreliable check called"],
  },
  {
    name: "meeting",
    value: oneOf(["the Wednesday design review", "Thursday's architecture sync", "the Monday standup", "the retro"]),
    mention: [(v) => `I need to present this at ${v}.`, (v) => `let's have something for ${v}.`],
    echo: (v) => `For ${v}, a short before/after diagram will land better than code.`,
    ask: ["At which get-together was I going to show it", "Where did I need to present"],
  },
  {
    name: "product-manager",
    value: oneOf(NAMES),
    mention: [(v) => `${v} from product keeps asking for an ETA.`, (v) => `${v} (our PM) signed off on the scope.`],
    echo: (v) => `Give ${v} a rough range rather than a date.`,
    ask: ["Who was the PM on that", "Which product person was chasing me"],
  },
  {
    name: "workaround",
    value: oneOf(["restarting the pod", "clearing the Redis keys", "pinning the old image", "running it twice"]),
    mention: [
      (v) => `right now the only fix is ${v}, which is embarrassing.`,
      (v) => `we've been getting by with ${v}.`,
    ],
    echo: (v) => `${v} hides the symptom; the root cause is still there.`,
    ask: ["What stopgap had we been relying on", "How were we coping in the meantime"],
  },
  {
    name: "hostname",
    value: (next, c) => `${c.slug}-${oneOf(["eu", "us", "ap"])(next)}-${num(next, 1, 6)}.internal`,
    mention: [(v) => `the box is ${v}, you can't ssh to it from outside.`, (v) => `it only happens on ${v}.`],
    echo: (v) => `Can you grab the logs from ${v} for the last hour?`,
    ask: ["What machine was the problem on", "Which server did it happen on"],
  },
  {
    name: "library-version",
    value: oneOf(["axios 1.6.2", "pg 8.11", "node-fetch 3.3", "zod 3.22", "sharp 0.33", "ioredis 5.3"]),
    mention: [(v) => `I think it started when we bumped to ${v}.`, (v) => `lockfile has ${v} now.`],
    echo: (v) => `Try pinning back below ${v} to confirm.`,
    ask: ["Which upgrade did I suspect", "What release of the dependency did I blame"],
  },
  {
    name: "channel",
    value: oneOf(["#inc-checkout", "#eng-perf", "#proj-ledger", "#help-devex", "#war-room-2"]),
    mention: [(v) => `there's a thread about it in ${v}.`, (v) => `people are yelling in ${v}.`],
    echo: (v) => `Post a short status in ${v} so people stop asking.`,
    ask: ["Where was it being discussed on Slack", "Which chat room had the thread"],
  },
];

/** Personal details, each mentioned once in the whole history. */
export const PERSONAL_DETAILS: readonly ConversationDetail[] = [
  personal("laptop", "M2 MacBook Air", "fwiw I'm on a", "What computer do I work on"),
  personal("editor", "Helix", "I'll try it in", "Which code editor do I prefer"),
  personal("city", "Lisbon", "it's nearly midnight here in", "Where do I live"),
  personal("pet", "a beagle named Biscuit", "sorry, slow, had to walk", "What's my dog called"),
  personal("vacation", "two weeks in Hokkaido", "I'm off for", "Where am I going on holiday"),
  personal("side-project", "a Flutter budgeting app", "this is like the thing in", "What am I building on weekends"),
  personal("keyboard", "a split Moonlander", "typing this on", "What do I type on"),
  personal("book", "Designing Data-Intensive Applications", "I'm halfway through", "What am I reading"),
  personal("hobby", "bouldering", "my arms are dead from", "What sport do I do"),
  personal("language", "Portuguese", "my Duolingo streak in", "Which language am I learning"),
  personal("os", "Fedora 40", "I'm running", "What operating system is my machine on"),
  personal("first-job", "Delphi", "reminds me of my first job writing", "What did I program in at my first job"),
  personal("talk", "JSConf EU", "I'm giving a lightning talk at", "Which event am I presenting at"),
  personal("kid", "my daughter's piano recital", "I have to leave early for", "Why did I need to leave early"),
  personal("commute", "the 7:40 ferry", "I write most of this on", "How do I get to work"),
];

function personal(name: string, value: string, lead: string, ask: string): ConversationDetail {
  return {
    name,
    value: () => value,
    mention: [(v) => `${lead} ${v}, anyway back to the bug.`],
    echo: (v) => `Ha, ${v}, nice. Back to it then.`,
    ask: [ask],
  };
}
