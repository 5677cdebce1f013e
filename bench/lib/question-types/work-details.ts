// What comes up in passing while a coding task is being worked on (a staging database, a branch, a reviewer) and is
// asked about sessions later. The first mentions use the noun the question asks with ("staging db"), the last one
// only shows the value, the way a user often says a thing one way and asks about it another.
import { pick } from "../dataset.ts";
import type { PassingDetail } from "./types.ts";

const PEOPLE = ["Priya", "Marcus", "Yuki", "Tomás", "Aisha", "Lars", "Mei", "Kofi", "Elena", "Ravi", "Noor", "Jonas"];
const number = (next: () => number, from: number, to: number): string =>
  String(from + Math.floor(next() * (to - from)));

export const WORK_DETAILS: readonly PassingDetail[] = [
  {
    name: "staging-database",
    noun: "the staging database",
    value: (next, topic) => `${topic.slug}-stg-${number(next, 1, 9)}`,
    mentions: [
      (v, t) => `I'm pointing ${t} at ${v} for now, the shared staging database is locked this week.`,
      (v) => `staging db is ${v} if you want to poke at the data.`,
      (v) => `I'm running everything against ${v} until the real one frees up.`,
    ],
    asks: [
      (t) => `What was the name of the staging database I used for ${t}?`,
      (t) => `Which staging db was I testing ${t} against?`,
    ],
  },
  {
    name: "branch",
    noun: "the branch",
    value: (next, topic) => `${pick(next, ["fix", "feat", "chore", "spike"])}/${topic.slug}-${number(next, 10, 999)}`,
    mentions: [
      (v) => `my branch is ${v} if you want to look.`,
      (v, t) => `I pushed what I have for ${t} to the ${v} branch.`,
      (v) => `everything so far is on ${v}.`,
    ],
    asks: [(t) => `Which branch was my work on ${t} on?`, (t) => `What did I call the git branch for ${t}?`],
  },
  {
    name: "ticket",
    noun: "the ticket",
    value: (next) => `${pick(next, ["PAY", "OPS", "CORE", "WEB", "DATA"])}-${number(next, 100, 9999)}`,
    mentions: [
      (v) => `this is all under ticket ${v} btw, I'll link the PR there.`,
      (v, t) => `the Jira ticket for ${t} is ${v}.`,
      (v) => `(tracking it in ${v})`,
    ],
    asks: [(t) => `What was the ticket number for ${t}?`, (t) => `Which Jira ticket was ${t} filed under?`],
  },
  {
    name: "reviewer",
    noun: "the reviewer",
    value: (next) => pick(next, PEOPLE),
    mentions: [
      (v) => `${v} is reviewing this one and they're picky about naming.`,
      (v, t) => `I asked ${v} to review ${t} once it's green.`,
      (v) => `${v} will go through it, they know this code best.`,
    ],
    asks: [(t) => `Who was reviewing ${t}?`, (t) => `Who did I ask to review my changes for ${t}?`],
  },
  {
    name: "deadline",
    noun: "the deadline",
    value: (next) => pick(next, ["Friday the 14th", "end of Q2", "next Thursday", "March 3rd", "the 1.8 release"]),
    mentions: [
      (v) => `deadline is ${v}, no pressure lol.`,
      (v, t) => `${t} has to land by ${v}.`,
      (v) => `I have until ${v} for all of this.`,
    ],
    asks: [(t) => `What was the deadline for ${t}?`, (t) => `By when did ${t} have to land?`],
  },
  {
    name: "customer",
    noun: "the customer",
    value: (next) => pick(next, ["Acme Logistics", "Northwind", "Globex", "Initech", "Umbrella Health", "Hooli"]),
    mentions: [
      (v) => `the customer asking for this is ${v}, our biggest account.`,
      (v, t) => `${v} is the reason ${t} got prioritised.`,
      (v) => `${v} keeps emailing support about it.`,
    ],
    asks: [(t) => `Which customer was waiting on ${t}?`, (t) => `Which customer pushed for ${t}?`],
  },
  {
    name: "error",
    noun: "the error",
    value: (next) =>
      pick(next, ["ERR_SSL_WRONG_VERSION_NUMBER", "SQLSTATE 40001", "EADDRINUSE", "ENOTFOUND", "ERR_REQUIRE_ESM"]),
    mentions: [
      (v) => `and now I'm getting ${v} errors on top of everything.`,
      (v, t) => `${t} now dies with ${v}, which is new.`,
      (v) => `new one: ${v}. great.`,
    ],
    asks: [(t) => `What error did I keep getting during ${t}?`, (t) => `Which error code showed up in ${t}?`],
  },
  {
    name: "feature-flag",
    noun: "the feature flag",
    value: (next, topic) => `${topic.slug.replace(/-/g, "_")}_${pick(next, ["v2", "new_path", "beta", "rollout"])}`,
    mentions: [
      (v) => `it's all behind the ${v} feature flag so I can turn it off.`,
      (v, t) => `I gated ${t} with a flag, ${v}.`,
      (v) => `${v} is off in prod for now.`,
    ],
    asks: [(t) => `What was the feature flag for ${t} called?`, (t) => `Which flag was ${t} behind?`],
  },
  {
    name: "library-version",
    noun: "the library version",
    value: (next) => pick(next, ["axios 1.6.2", "pg 8.11", "node-fetch 3.3", "zod 3.22", "sharp 0.33", "ioredis 5.3"]),
    mentions: [
      (v) => `I think the trouble started when we bumped the library to ${v}.`,
      (v, t) => `the lockfile for ${t} has ${v} now.`,
      (v) => `we're on ${v} since last week.`,
    ],
    asks: [(t) => `Which library version did I suspect in ${t}?`, (t) => `What version bump did I blame for ${t}?`],
  },
  {
    name: "host",
    noun: "the host",
    value: (next, topic) => `${topic.slug}-${pick(next, ["eu", "us", "ap"])}-${number(next, 1, 6)}.internal`,
    mentions: [
      (v) => `the host is ${v}, you can't ssh to it from outside.`,
      (v, t) => `${t} only misbehaves on ${v}.`,
      (v) => `it's only ${v} that does this.`,
    ],
    asks: [(t) => `Which host was giving me trouble with ${t}?`, (t) => `What machine did ${t} break on?`],
  },
  {
    name: "test-file",
    noun: "the failing test",
    value: (next, topic) => `${topic.slug}.${pick(next, ["retries", "auth", "export", "cache", "tz"])}.spec.ts`,
    mentions: [
      (v) => `the test that keeps failing is ${v}, third time today.`,
      (v, t) => `${v} is red again on ${t}.`,
      (v) => `except ${v}, which is red again.`,
    ],
    asks: [(t) => `Which test kept failing during ${t}?`, (t) => `What was the failing spec file in ${t}?`],
  },
  {
    name: "channel",
    noun: "the Slack channel",
    value: (next) => pick(next, ["#inc-checkout", "#eng-perf", "#proj-ledger", "#help-devex", "#war-room-2"]),
    mentions: [
      (v) => `there's a Slack thread about it in ${v}.`,
      (v, t) => `people are discussing ${t} in ${v}.`,
      (v) => `people are yelling in ${v}.`,
    ],
    asks: [
      (t) => `Which Slack channel was ${t} discussed in?`,
      (t) => `Where on Slack were people talking about ${t}?`,
    ],
  },
  {
    name: "batch-size",
    noun: "the batch size",
    value: (next) => String(Number(number(next, 2, 50)) * 100),
    mentions: [
      (v) => `I set the batch size to ${v}, anything bigger times out.`,
      (v, t) => `${t} runs in batches of ${v} now.`,
      (v) => `doing ${v} at a time seems to be the sweet spot.`,
    ],
    asks: [(t) => `What batch size did I settle on for ${t}?`, (t) => `How big were the batches in ${t}?`],
  },
  {
    name: "env-var",
    noun: "the environment variable",
    value: (next, topic) =>
      `${topic.slug.toUpperCase().replace(/-/g, "_")}_${pick(next, ["POOL_MAX", "TIMEOUT_MS", "MODE", "URL"])}`,
    mentions: [
      (v) => `the environment variable that controls it is ${v}.`,
      (v, t) => `for ${t} you have to export ${v} first.`,
      (v) => `set ${v} or nothing happens.`,
    ],
    asks: [(t) => `Which environment variable did ${t} depend on?`, (t) => `What env var did I have to set for ${t}?`],
  },
  {
    name: "meeting",
    noun: "the meeting",
    value: (next) => pick(next, ["the Wednesday design review", "Thursday's architecture sync", "the Monday standup"]),
    mentions: [
      (v) => `I need to present it at ${v}, that's the meeting where it gets signed off.`,
      (v, t) => `I'm demoing ${t} at ${v}.`,
      (v) => `let's have something for ${v}.`,
    ],
    asks: [(t) => `At which meeting was I presenting ${t}?`, (t) => `Where did I have to demo ${t}?`],
  },
  {
    name: "dashboard",
    noun: "the dashboard",
    value: (next, topic) => `${topic.slug} ${pick(next, ["Overview", "Latency", "SLOs", "Errors"])} (Grafana)`,
    mentions: [
      (v) => `I'm watching the ${v} dashboard while it runs.`,
      (v, t) => `the graphs for ${t} are on ${v}.`,
      (v) => `keep an eye on ${v} for me.`,
    ],
    asks: [(t) => `Which dashboard was I watching for ${t}?`, (t) => `Where were the graphs for ${t}?`],
  },
];
