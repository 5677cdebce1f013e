// Facts about a component's toolchain: package manager, test runner, CI, build tool, formatter, linter, language
// version, framework and container base image, each stated and asked the ways coding chats do.
import type { FactTopic } from "./types.ts";

export const TOOLING_TOPICS: readonly FactTopic[] = [
  {
    name: "package-manager",
    values: ["pnpm", "yarn", "npm", "bun"],
    others: ["npm", "yarn", "pnpm", "bun"],
    statements: [
      (s) => `We use ${s.value} for the ${s.component}, never ${s.other}.`,
      (s) =>
        `Reminder: the ${s.component} must use ${s.value}. A ${s.other} lockfile in ${s.slug}/ gets the PR bounced.`,
      (s) =>
        `ok so for ${s.component} we always go with ${s.value} (not ${s.other}), it's been that way since the monorepo split`,
    ],
    lexical: [
      (s) => `Should I use ${s.value} or ${s.other} in the ${s.component}?`,
      (s) => `which lockfile tool, ${s.other} or something else, for ${s.slug}?`,
    ],
    paraphrase: [
      (a) => `Which package manager should I install dependencies with for ${a}?`,
      (a) => `what do I type to add a dependency to ${a}?`,
      (a) => `Installing packages for ${a}: which CLI?`,
    ],
    tasks: [
      (s) => `Add zod as a dependency to the ${s.component} and commit the updated lock.`,
      (s) => `Set up a fresh clone of ${s.slug} and get its deps installed.`,
      (s) => `Write the CI step that installs node_modules for ${s.slug}.`,
    ],
  },
  {
    name: "test-runner",
    values: ["Vitest", "Jest", "Mocha", "node:test", "AVA", "Jasmine"],
    others: ["Jest", "Mocha", "Karma", "Tape"],
    statements: [
      (s) => `We decided to standardize the ${s.component} on ${s.value} instead of ${s.other}.`,
      (s) => `Always write ${s.component} specs with ${s.value}; ${s.other} is gone from ${s.slug}.`,
      (s) => `- ${s.component} unit tests: we're sticking with ${s.value}, migrating off ${s.other} is done`,
    ],
    lexical: [
      (s) => `Are ${s.component} specs on ${s.value} or ${s.other}?`,
      (s) => `What test framework do ${s.component} unit tests use?`,
    ],
    paraphrase: [
      (a) => `Which runner executes the checks for ${a}?`,
      (a) => `how do I verify my change to ${a} works before pushing?`,
      (a) => `What harness am I supposed to exercise ${a} code with?`,
    ],
    tasks: [
      (s) => `Add a regression test for the rounding bug in the ${s.component}.`,
      (s) => `Write a spec covering the empty-input case in ${s.slug}/src/parse.ts.`,
      (s) => `The ${s.component} has zero coverage on retries, add some tests.`,
    ],
  },
  {
    name: "ci-system",
    values: ["GitHub Actions", "GitLab CI", "CircleCI", "Buildkite", "Jenkins", "Drone"],
    others: ["Travis", "Jenkins", "CircleCI", "TeamCity"],
    statements: [
      (s) => `The ${s.component} pipeline is hosted on ${s.value}; we moved off ${s.other} in March.`,
      (s) => `FYI: we're migrating all ${s.component} builds to ${s.value}, ${s.other} is frozen.`,
      (s) => `Decision: ${s.value} runs CI for ${s.slug}, and nobody adds new ${s.other} jobs.`,
    ],
    lexical: [
      (s) => `Is the ${s.component} pipeline on ${s.value} or ${s.other}?`,
      (s) => `Where are ${s.slug} builds hosted, ${s.other}?`,
    ],
    paraphrase: [
      (a) => `Which service checks every pull request for ${a}?`,
      (a) => `where do I look when the automated checks for ${a} go red?`,
      (a) => `What tool kicks off a build of ${a} after I push?`,
    ],
    tasks: [
      (s) => `Add a lint job to the ${s.component} CI config.`,
      (s) => `Cache node_modules between ${s.slug} CI runs, it takes 9 minutes.`,
      (s) => `Make the ${s.component} workflow run on release tags too.`,
    ],
  },
  {
    name: "build-tool",
    values: ["esbuild", "Vite", "webpack", "Rollup", "tsup", "Turbopack", "Parcel"],
    others: ["webpack", "Babel", "Gulp", "Grunt"],
    statements: [
      (s) => `We're going with ${s.value} to bundle the ${s.component}; ${s.other} configs get deleted.`,
      (s) => `The ${s.component} is built with ${s.value}. Never reintroduce ${s.other} in ${s.slug}.`,
      (s) => `Heads up, ${s.component} bundling moved to ${s.value}. we agreed ${s.other} is too slow.`,
    ],
    lexical: [
      (s) => `Which bundler builds the ${s.component}, still ${s.other}?`,
      (s) => `Is ${s.slug} bundled with ${s.value}?`,
    ],
    paraphrase: [
      (a) => `What compiles and packs the production assets of ${a}?`,
      (a) => `which tool turns ${a} source into the shipped JS?`,
      (a) => `How are release artifacts for ${a} produced?`,
    ],
    tasks: [
      (s) => `Add source maps to the ${s.component} production output.`,
      (s) => `The ${s.slug} output is 4 MB, split the vendor chunk.`,
      (s) => `Define a compile-time constant for the API base URL in the ${s.component}.`,
    ],
  },
  {
    name: "formatter",
    values: ["Prettier", "Biome", "dprint", "Black", "gofmt", "rustfmt"],
    others: ["2-space indent", "tabs", "a 100-column limit", "single quotes"],
    statements: [
      (s) => `Code style: the ${s.component} is formatted with ${s.value} (${s.other}); don't hand-format.`,
      (s) => `Always run ${s.value} on ${s.slug} before committing, we use ${s.other} there.`,
      (s) => `The team agreed ${s.value} is the only formatter for the ${s.component}, set to ${s.other}.`,
    ],
    lexical: [
      (s) => `What formatter does the ${s.component} use?`,
      (s) => `is ${s.slug} code formatted with ${s.value}?`,
    ],
    paraphrase: [
      (a) => `How should indentation and quotes look in ${a}?`,
      (a) => `my editor keeps reflowing lines in ${a}, which pretty-printer is canonical?`,
      (a) => `What layout tool keeps ${a} diffs tidy?`,
    ],
    tasks: [
      (s) => `Set up a pre-commit hook for the ${s.component}.`,
      (s) => `Configure VS Code workspace settings for ${s.slug}.`,
      (s) => `Reformat the files I touched in the ${s.component} PR.`,
    ],
  },
  {
    name: "linter",
    values: ["ESLint", "Biome lint", "Ruff", "golangci-lint", "Clippy", "RuboCop", "Stylelint"],
    others: ["warnings as errors", "no-console enforced", "import sorting on", "strict mode"],
    statements: [
      (s) => `We lint the ${s.component} with ${s.value}, ${s.other}; CI must stay clean.`,
      (s) => `Rule for ${s.slug}: ${s.value} with ${s.other}, never disable a rule inline without a comment.`,
      (s) => `- ${s.component}: linting is ${s.value} (${s.other}), we decided that in the style review`,
    ],
    lexical: [(s) => `Which linter runs on the ${s.component}?`, (s) => `does ${s.slug} lint with ${s.value}?`],
    paraphrase: [
      (a) => `What static checker flags bad patterns in ${a}?`,
      (a) => `which analyzer complains about unused variables in ${a}?`,
      (a) => `How are code smells caught automatically for ${a}?`,
    ],
    tasks: [
      (s) => `Fix the warnings CI reports on the ${s.component}.`,
      (s) => `Add a rule banning default exports in ${s.slug}.`,
      (s) => `Why is the ${s.component} check job failing on unused imports? Fix it.`,
    ],
  },
  {
    name: "language-version",
    values: ["Ruby 3.2", "Python 3.11", "Node 20", "Go 1.22", "Java 21", "Node 22", "Python 3.12", "Elixir 1.16"],
    others: [".tool-versions", ".nvmrc", ".ruby-version", ".python-version", "the Dockerfile"],
    statements: [
      (s) => `The ${s.component} runs on ${s.value} and we pin it in ${s.other}.`,
      (s) => `${s.slug} is on ${s.value}; the version must stay pinned in ${s.other}.`,
      (s) => `Fact: the ${s.component} runtime is ${s.value}, pinned via ${s.other}. don't bump it casually`,
    ],
    lexical: [(s) => `What runtime version is the ${s.component} on?`, (s) => `Where is the ${s.slug} version pinned?`],
    paraphrase: [
      (a) => `Which interpreter release does ${a} need?`,
      (a) => `what should my local toolchain be for working on ${a}?`,
      (a) => `How new is the language ${a} is written for?`,
    ],
    tasks: [
      (s) => `Bump the ${s.component} to the next minor ${s.value.split(" ")[0]} release.`,
      (s) => `Set up a dev container for ${s.slug}.`,
      (s) => `Can you write the Dockerfile for the ${s.component}?`,
    ],
  },
  {
    name: "framework",
    values: ["Fastify", "Express", "NestJS", "Django", "Rails", "Phoenix", "Next.js", "Remix", "FastAPI"],
    others: ["Express", "Koa", "Flask", "Sinatra", "Hapi"],
    statements: [
      (s) => `We decided to build the ${s.component} on ${s.value} rather than ${s.other}.`,
      (s) => `The ${s.component} is implemented with ${s.value}; we ruled out ${s.other}.`,
      (s) => `for context: ${s.slug} is a ${s.value} app. we never mix ${s.other} middleware in`,
    ],
    lexical: [
      (s) => `Is the ${s.component} a ${s.value} or ${s.other} app?`,
      (s) => `What web framework is ${s.slug} built on?`,
    ],
    paraphrase: [
      (a) => `Which server library handles HTTP routing inside ${a}?`,
      (a) => `what stack should I follow to add an endpoint to ${a}?`,
      (a) => `Whose request handler conventions does ${a} follow?`,
    ],
    tasks: [
      (s) => `Add a health-check route to the ${s.component}.`,
      (s) => `Write request validation for the POST /orders handler in ${s.slug}.`,
      (s) => `Add CORS for the admin origin to the ${s.component}.`,
    ],
  },
  {
    name: "base-image",
    values: ["distroless", "alpine", "debian-slim", "ubuntu 22.04", "chainguard", "scratch"],
    others: ["multi-stage", "non-root user", "read-only root filesystem", "pinned digest"],
    statements: [
      (s) => `The ${s.component} container must be built from ${s.value} with ${s.other}.`,
      (s) => `Never ship ${s.slug} on anything but a ${s.value} image (${s.other}).`,
      (s) => `We agreed: ${s.component} Docker images use ${s.value}, ${s.other}, security signed off`,
    ],
    lexical: [
      (s) => `What Docker image does the ${s.component} use?`,
      (s) => `is the ${s.slug} container ${s.value} based?`,
    ],
    paraphrase: [
      (a) => `Which OS layer is ${a} packaged on for production?`,
      (a) => `what FROM line do I write when containerizing ${a}?`,
      (a) => `How slim is the runtime environment of ${a} supposed to be?`,
    ],
    tasks: [
      (s) => `Write a Dockerfile for the ${s.component}.`,
      (s) => `The ${s.slug} image is 1.2 GB, shrink it.`,
      (s) => `Add curl to the ${s.component} container so I can debug.`,
    ],
  },
];
