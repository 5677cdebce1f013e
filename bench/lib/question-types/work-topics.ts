// What the coding sessions of the realistic conversation set are about: one task on one component per session
// ("the ledger service Postgres upgrade"). Every task has the things that come up while doing it, so the turns of a
// session keep talking about the same words, and sessions on the same task or component look alike: retrieval has to
// tell them apart by the detail asked about.
import { PROJECT_COMPONENTS, type ProjectComponent } from "./project-components.ts";
import type { SessionTopic } from "./types.ts";
import { WORK_DETAILS } from "./work-details.ts";

interface WorkAction {
  key: string;
  /** How the user starts the session: "I'm upgrading the ledger service to Postgres 16". */
  says: (component: string) => string;
  /** The task as a noun phrase, the way the session and later questions name it. */
  name: (component: string) => string;
  /** The task in other words, with the component named by an alias. */
  paraphrase: (alias: string) => string;
  concerns: readonly string[];
}

const ACTIONS: readonly WorkAction[] = [
  {
    key: "postgres",
    says: (c) => `upgrading the ${c} to Postgres 16`,
    name: (c) => `the ${c} Postgres upgrade`,
    paraphrase: (a) => `moving ${a} onto the newer SQL engine`,
    concerns: ["pg_upgrade", "the replication slots", "extension versions", "the connection pool", "lock timeouts"],
  },
  {
    key: "leak",
    says: (c) => `chasing a memory leak in the ${c}`,
    name: (c) => `the ${c} memory leak`,
    paraphrase: (a) => `the RAM growth in ${a}`,
    concerns: ["heap snapshots", "the event listeners", "the LRU map", "RSS graphs", "the worker threads"],
  },
  {
    key: "rate-limit",
    says: (c) => `adding rate limiting to the ${c}`,
    name: (c) => `the ${c} rate limiting`,
    paraphrase: (a) => `throttling requests into ${a}`,
    concerns: ["the token bucket", "429 responses", "per-key quotas", "the Redis counters", "burst size"],
  },
  {
    key: "typescript",
    says: (c) => `porting the ${c} to TypeScript`,
    name: (c) => `the ${c} TypeScript port`,
    paraphrase: (a) => `getting ${a} off plain JS`,
    concerns: ["strict mode", "the any casts", "tsconfig paths", "declaration files", "the build step"],
  },
  {
    key: "flaky",
    says: (c) => `fixing the flaky tests in the ${c}`,
    name: (c) => `the flaky ${c} tests`,
    paraphrase: (a) => `the checks for ${a} that fail at random`,
    concerns: ["fake timers", "test isolation", "the retry plugin", "shared fixtures", "parallel workers"],
  },
  {
    key: "kubernetes",
    says: (c) => `moving the ${c} to Kubernetes`,
    name: (c) => `the ${c} Kubernetes move`,
    paraphrase: (a) => `putting ${a} on the cluster`,
    concerns: ["the Helm chart", "readiness probes", "resource limits", "the ingress", "secrets mounting"],
  },
  {
    key: "cache",
    says: (c) => `putting a cache in front of the ${c}`,
    name: (c) => `the ${c} caching layer`,
    paraphrase: (a) => `keeping hot results of ${a} in memory`,
    concerns: ["cache invalidation", "TTLs", "the hit ratio", "stampedes", "key design"],
  },
  {
    key: "export",
    says: (c) => `building a CSV export for the ${c}`,
    name: (c) => `the ${c} CSV export`,
    paraphrase: (a) => `letting people download spreadsheets from ${a}`,
    concerns: ["streaming rows", "quoting rules", "the download endpoint", "Excel encoding", "large files"],
  },
  {
    key: "timezone",
    says: (c) => `fixing a timezone bug in the ${c}`,
    name: (c) => `the ${c} timezone bug`,
    paraphrase: (a) => `the UTC offset problem in ${a}`,
    concerns: ["DST transitions", "stored timestamps", "the date library", "user locale", "midnight cutoffs"],
  },
  {
    key: "ci",
    says: (c) => `speeding up the ${c} CI pipeline`,
    name: (c) => `the ${c} CI speedup`,
    paraphrase: (a) => `making the build checks for ${a} quicker`,
    concerns: ["the Docker layer cache", "test sharding", "the install step", "artifact uploads", "runner size"],
  },
  {
    key: "auth",
    says: (c) => `debugging the token refresh in the ${c}`,
    name: (c) => `the ${c} token refresh bug`,
    paraphrase: (a) => `people getting logged out of ${a}`,
    concerns: ["the refresh endpoint", "clock skew", "cookie flags", "JWT expiry", "the session store"],
  },
  {
    key: "pagination",
    says: (c) => `adding cursor pagination to the ${c} API`,
    name: (c) => `the ${c} pagination`,
    paraphrase: (a) => `paging through long lists in ${a}`,
    concerns: ["opaque cursors", "stable sort order", "page size limits", "the count query", "backwards paging"],
  },
  {
    key: "logging",
    says: (c) => `cleaning up the logging in the ${c}`,
    name: (c) => `the ${c} logging cleanup`,
    paraphrase: (a) => `tidying what ${a} prints`,
    concerns: ["log levels", "structured fields", "PII in logs", "the log shipper", "request ids"],
  },
  {
    key: "queue",
    says: (c) => `moving the ${c} jobs onto a queue`,
    name: (c) => `the ${c} job queue`,
    paraphrase: (a) => `running the background work of ${a} asynchronously`,
    concerns: ["retries with backoff", "dead letters", "idempotency keys", "worker concurrency", "visibility timeouts"],
  },
];

/** Every task on every component: 14 × 30 topics, in a fixed order. */
export const WORK_TOPICS: readonly SessionTopic[] = ACTIONS.flatMap((action) =>
  PROJECT_COMPONENTS.map((component) => workTopic(action, component)),
);

function workTopic(action: WorkAction, component: ProjectComponent): SessionTopic {
  return {
    id: `${action.key}:${component.slug}`,
    kind: "work",
    opening: action.says(component.name),
    name: action.name(component.name),
    paraphrases: component.aliases.map(action.paraphrase),
    concerns: action.concerns,
    slug: component.slug,
    details: WORK_DETAILS,
  };
}
