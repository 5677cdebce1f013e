// Stopping the read of search hits early (MemorySearchQuery.enough) must never change what prepare_context or
// search_memory return: each answer is compared with the one from a store that always reads every hit.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import type { Store } from "../../store/types.ts";
import { fixedClock, sequentialIds } from "../../testing/fakes.ts";
import { searchMemory } from "../memory/search-memory.ts";
import { rememberMemory } from "../memory/write-memory.ts";
import { prepareContext } from "./prepare-context.ts";

const SCOPE = "test:early-stop";
const SUBJECTS = ["billing export", "auth gateway", "search indexer", "deploy pipeline", "cache layer", "web client"];
const TOOLS = ["PostgreSQL", "Redis", "Kafka", "Terraform", "Vitest", "Docker"];
const KINDS = ["fact", "decision", "constraint", "command", "preference", "convention"];

function entryText(i: number): string {
  const subject = SUBJECTS[i % SUBJECTS.length] as string;
  const tool = TOOLS[(i * 7) % TOOLS.length] as string;
  switch (i % 5) {
    case 0:
      return `The ${subject} uses ${tool} for every release.`;
    case 1:
      return `Does the ${subject} still use ${tool}?`;
    case 2:
      return `2026-03-02T10:00:${String(i % 60).padStart(2, "0")}Z WARN ${subject} ${tool} timeout request_id=${i}`;
    case 3:
      return `The ${subject} uses ${tool} for every release (note ${i % 4}).`;
    default:
      return `${subject} ${tool} ${"detail ".repeat(1 + (i % 40))}end ${i}`;
  }
}

/** The store, reading every hit whatever the caller says. */
function readingEverything(store: Store): Store {
  return { ...store, searchMemory: (query) => store.searchMemory({ ...query, enough: undefined }) };
}

test("stopping the hit read early changes no prepared context and no search answer", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const deps = { store, clock: fixedClock(), ids: sequentialIds() };
  for (let i = 0; i < 240; i += 1) {
    await rememberMemory(deps, { scope_id: SCOPE, kind: KINDS[i % KINDS.length] as string, text: entryText(i) });
  }
  let stopped = 0;
  const counting: Store = {
    ...store,
    searchMemory: ({ enough, ...query }) =>
      store.searchMemory({
        ...query,
        enough:
          enough &&
          ((...args) => {
            const done = enough(...args);
            if (done) stopped += 1;
            return done;
          }),
      }),
  };
  const full = readingEverything(store);
  const queries = [
    ...SUBJECTS.map((subject, i) => `How does the ${subject} use ${TOOLS[i % TOOLS.length]}?`),
    ...TOOLS.map((tool) => `${tool} timeout release`),
    "billing export PostgreSQL Redis Kafka Terraform release timeout",
    `Seeing this:\n${entryText(2)}\n${entryText(7)}\n\nwhy?`,
  ];
  for (const query of queries) {
    for (const max_bytes of [undefined, 200, 700, 2500]) {
      const request = { scope_id: SCOPE, query, max_bytes };
      assert.deepEqual(
        await prepareContext({ store: counting }, request),
        await prepareContext({ store: full }, request),
      );
    }
    for (const limit of [1, 5, 10]) {
      const request = { scope_id: SCOPE, query, limit };
      assert.deepEqual(await searchMemory({ store: counting }, request), await searchMemory({ store: full }, request));
    }
  }
  assert.ok(stopped > 0, "some searches stopped early");
});
