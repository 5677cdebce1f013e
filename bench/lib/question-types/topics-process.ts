// Facts about people and process: owning team, on-call, reviewers, branch and commit conventions, feature flags,
// merge strategy, code rules, API versioning and logging fields.
import type { FactTopic } from "./types.ts";

const PEOPLE = ["Dana", "Priya", "Marcus", "Yuki", "Tomás", "Aisha", "Lars", "Mei", "Kofi", "Elena", "Ravi", "Noor"];

export const PROCESS_TOPICS: readonly FactTopic[] = [
  {
    name: "owner-team",
    values: ["payments", "platform", "growth", "identity", "data", "infra", "commerce", "trust and safety"],
    others: ["#team-backend", "#help-platform", "#dev-support", "#eng-oncall"],
    statements: [
      (s) => `The ${s.component} is owned by the ${s.value} team; questions go to ${s.other}.`,
      (s) => `Always file ${s.slug} issues with ${s.value} in ${s.other}, they own it.`,
      (s) => `fyi ${s.value} team owns the ${s.component} now, we agreed on that at the reorg. channel is ${s.other}`,
    ],
    lexical: [(s) => `Which team owns the ${s.component}?`, (s) => `Is ${s.slug} still owned by ${s.value}?`],
    paraphrase: [
      (a) => `Who is responsible for ${a}?`,
      (a) => `which group should I ask about ${a}?`,
      (a) => `Whose area is ${a}?`,
    ],
    tasks: [
      (s) => `Open a ticket about the ${s.component} memory growth with the right people.`,
      (s) => `Write a CODEOWNERS entry for ${s.slug}.`,
      (s) => `Draft a message asking for a design review of the ${s.component} change.`,
    ],
  },
  {
    name: "on-call",
    values: PEOPLE,
    others: ["this month", "until the 15th", "this sprint", "through Q3"],
    statements: [
      (s) => `${s.value} is on call for the ${s.component} ${s.other}.`,
      (s) => `Rule: ${s.slug} pages go to ${s.value} ${s.other}, never wake the whole team.`,
      (s) => `Heads up: the ${s.component} pager is with ${s.value} ${s.other}. Ping them directly if it breaks.`,
    ],
    lexical: [(s) => `Who is on call for the ${s.component} ${s.other}?`, (s) => `who holds the ${s.slug} pager?`],
    paraphrase: [
      (a) => `Who should I page when ${a} breaks at night?`,
      (a) => `${a} is down, who do I wake up?`,
      (a) => `Which person handles emergencies for ${a} right now?`,
    ],
    tasks: [
      (s) => `The ${s.component} error rate just spiked; escalate it.`,
      (s) => `Write the incident handover note for the ${s.slug} outage.`,
      (s) => `Set up an alert for ${s.component} latency and route it to the right person.`,
    ],
  },
  {
    name: "reviewer",
    values: PEOPLE,
    others: ["schema changes", "anything touching auth", "dependency bumps", "public API changes"],
    statements: [
      (s) => `${s.value} must review ${s.other} in the ${s.component}.`,
      (s) => `We agreed that ${s.other} in ${s.slug} need ${s.value}'s approval.`,
      (s) => `- ${s.component}: ${s.value} must sign off on ${s.other}, always`,
    ],
    lexical: [(s) => `Who needs to review ${s.other} in the ${s.component}?`, (s) => `who approves ${s.slug} PRs?`],
    paraphrase: [
      (a) => `Who do I add as a required approver for my ${a} pull request?`,
      (a) => `whose sign-off gates merging into ${a}?`,
      (a) => `Which person should look over my ${a} diff?`,
    ],
    tasks: [
      (s) => `Open a PR for the ${s.component} change and request the right reviewers.`,
      (s) => `Update the CODEOWNERS file for ${s.slug}.`,
      (s) => `Get my ${s.component} migration merged by Friday.`,
    ],
  },
  {
    name: "branch-naming",
    values: ["feature/<ticket>-<slug>", "<user>/<ticket>", "feat/<short-desc>", "JIRA-123-description"],
    others: ["main", "develop", "trunk", "release/*"],
    statements: [
      (s) => `Convention: ${s.component} branches are named ${s.value} and cut from ${s.other}.`,
      (s) => `We name ${s.slug} branches ${s.value}, always off ${s.other}.`,
      (s) => `Always branch from ${s.other} in the ${s.component}; the name pattern is ${s.value}.`,
    ],
    lexical: [
      (s) => `How should I name a branch in the ${s.component}?`,
      (s) => `do ${s.slug} branches start from ${s.other}?`,
    ],
    paraphrase: [
      (a) => `What do I call my git ref when starting work on ${a}?`,
      (a) => `starting a ticket in ${a}, what's the pattern for the checkout -b?`,
      (a) => `Is there a format for work-in-progress refs in ${a}?`,
    ],
    tasks: [
      (s) => `Start work on ticket PAY-412 in the ${s.component}.`,
      (s) => `Create a branch for the ${s.slug} timeout fix.`,
      (s) => `Write the CONTRIBUTING section about starting changes in the ${s.component}.`,
    ],
  },
  {
    name: "commit-convention",
    values: ["Conventional Commits", "gitmoji", "the ticket ID first", "imperative mood, 50-char subject"],
    others: ["squash-merge", "rebase-merge", "merge commits", "signed commits"],
    statements: [
      (s) => `Commit messages in the ${s.component} follow ${s.value}, and we always ${s.other}.`,
      (s) => `We follow ${s.value} for ${s.slug} commits; ${s.other} only.`,
      (s) => `Style: ${s.component} commits use ${s.value}. PRs land via ${s.other}.`,
    ],
    lexical: [
      (s) => `What commit message format does the ${s.component} follow?`,
      (s) => `does ${s.slug} use ${s.value}?`,
    ],
    paraphrase: [
      (a) => `How should I word the log entry for my change to ${a}?`,
      (a) => `is there a required prefix when I describe what my ${a} patch does?`,
      (a) => `What's the house rule for history in ${a}?`,
    ],
    tasks: [
      (s) => `Commit my ${s.component} fix with a proper message.`,
      (s) => `Write a changelog generator for ${s.slug}.`,
      (s) => `Clean up the history of my ${s.component} branch before merging.`,
    ],
  },
  {
    name: "feature-flag",
    values: ["new-checkout-flow", "v2-engine", "ledger-async-writes", "beta-rollout", "shadow-reads"],
    others: ["LaunchDarkly", "Unleash", "Flagsmith", "our flags table"],
    statements: [
      (s) => `We decided to ship the ${s.component} rewrite behind ${s.value} in ${s.other}.`,
      (s) => `The ${s.slug} v2 code path must stay dark behind \`${s.value}\` (${s.other}) until QA signs off.`,
      (s) => `Decision: ${s.component} v2 is gated by the ${s.value} flag, managed in ${s.other}.`,
    ],
    lexical: [
      (s) => `Which feature flag gates the ${s.component} rewrite?`,
      (s) => `is ${s.value} still on in ${s.other}?`,
    ],
    paraphrase: [
      (a) => `How do I turn on the reworked ${a} for my account?`,
      (a) => `what toggle controls whether customers see the redesigned ${a}?`,
      (a) => `Is the rebuilt ${a} enabled for everyone?`,
    ],
    tasks: [
      (s) => `Enable the ${s.component} rewrite for the internal beta group.`,
      (s) => `Remove the dead code behind the old ${s.slug} path.`,
      (s) => `Write an e2e test that exercises the new ${s.component}.`,
    ],
  },
  {
    name: "code-rule",
    values: ["no default exports", "no classes, plain functions", "no any", "no lodash", "no ORMs"],
    others: ["named exports", "modules of functions", "unknown plus narrowing", "native methods", "plain SQL"],
    statements: [
      (s) => `In the ${s.component} we use ${s.other} instead of breaking the rule: ${s.value}.`,
      (s) => `Never break "${s.value}" in ${s.slug}; prefer ${s.other}.`,
      (s) => `Code style for the ${s.component}: ${s.value}. Use ${s.other} for new code.`,
    ],
    lexical: [
      (s) => `What's the code style rule in the ${s.component}?`,
      (s) => `can I use ${s.value.replace("no ", "")} in ${s.slug}?`,
    ],
    paraphrase: [
      (a) => `Anything I should avoid when writing TypeScript for ${a}?`,
      (a) => `are there patterns reviewers reject in ${a}?`,
      (a) => `What house rules apply to source files of ${a}?`,
    ],
    tasks: [
      (s) => `Refactor the ${s.component} helpers into a new module.`,
      (s) => `Add a date-formatting utility to ${s.slug}.`,
      (s) => `Port the old ${s.component} JavaScript file to TypeScript.`,
    ],
  },
  {
    name: "api-versioning",
    values: ["/v2 URL prefix", "an Accept-Version header", "date-based versions", "a ?version= query param"],
    others: ["six months", "two releases", "one year", "90 days"],
    statements: [
      (s) => `The ${s.component} API must be versioned with ${s.value}; old versions stay up ${s.other}.`,
      (s) => `We agreed ${s.slug} endpoints use ${s.value}, and deprecations must stay up ${s.other}.`,
      (s) => `Rule: breaking ${s.component} changes need ${s.value} plus ${s.other} of overlap.`,
    ],
    lexical: [(s) => `How is the ${s.component} API versioned?`, (s) => `does ${s.slug} use ${s.value}?`],
    paraphrase: [
      (a) => `If I change a response shape in ${a}, how do clients keep working?`,
      (a) => `what's the policy for incompatible changes to ${a} endpoints?`,
      (a) => `How long must previous contracts of ${a} be supported?`,
    ],
    tasks: [
      (s) => `Rename the amount field in the ${s.component} order response.`,
      (s) => `Remove the deprecated list endpoint from ${s.slug}.`,
      (s) => `Add pagination to the ${s.component} search endpoint without breaking the app.`,
    ],
  },
  {
    name: "logging-field",
    values: ["request_id", "trace_id", "tenant_id", "correlation_id", "job_id"],
    others: ["structured JSON", "logfmt", "pino", "OpenTelemetry attributes"],
    statements: [
      (s) => `Every ${s.component} log line must carry ${s.value}, written as ${s.other}.`,
      (s) => `Always log ${s.slug} errors as ${s.other} with the ${s.value} field.`,
      (s) => `Logging convention for the ${s.component}: ${s.other}, with ${s.value} on each line.`,
    ],
    lexical: [
      (s) => `What field must every ${s.component} log line carry?`,
      (s) => `Are ${s.slug} logs written as ${s.other}?`,
    ],
    paraphrase: [
      (a) => `How do I correlate output from ${a} with one incoming call?`,
      (a) => `which key ties together everything ${a} printed for a single user action?`,
      (a) => `What must appear in diagnostic output from ${a}?`,
    ],
    tasks: [
      (s) => `Add logging to the ${s.component} retry loop.`,
      (s) => `Our ${s.slug} traces can't be stitched together, fix the logger setup.`,
      (s) => `Write a middleware that logs each ${s.component} request.`,
    ],
  },
];
