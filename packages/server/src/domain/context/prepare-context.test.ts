import assert from "node:assert/strict";
import { test } from "node:test";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import { fixedClock, sequentialIds } from "../../testing/fakes.ts";
import { rememberMemory } from "../memory/write-memory.ts";
import { prepareContext } from "./prepare-context.ts";

const SCOPE = "test:prepare";

test("near-duplicate entries are packed once, leaving room for the next distinct one", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const deps = { store, clock: fixedClock(), ids: sequentialIds() };
  const texts = [
    "The billing export retries failed uploads three times with backoff.",
    "The billing export retries failed uploads three times with backoff, as agreed.",
    "Billing export uploads go to the exports bucket.",
  ];
  for (const text of texts) await rememberMemory(deps, { scope_id: SCOPE, kind: "fact", text });
  const prepared = await prepareContext(deps, { scope_id: SCOPE, query: "billing export uploads retries" });
  const contents = prepared.items.map((item) => item.content);
  assert.equal(contents.length, 2);
  assert.equal(contents.filter((content) => content.startsWith("The billing export retries")).length, 1);
  assert.ok(contents.includes(texts[2] as string));
});

test("a question pasted after a log recalls by its prose, not by the log", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const deps = { store, clock: fixedClock(), ids: sequentialIds() };
  await rememberMemory(deps, {
    scope_id: SCOPE,
    kind: "decision",
    text: "Invoices are rendered to PDF by the renderer service.",
  });
  await rememberMemory(deps, {
    scope_id: SCOPE,
    kind: "fact",
    text: "The websocket hub closes idle sockets after 30 seconds; its logs then show ETIMEDOUT warnings per socket.",
  });
  const log = Array.from(
    { length: 12 },
    (_, i) =>
      `2026-03-0${(i % 9) + 1}T10:00:00Z WARN websocket-hub idle socket=${i} closed after 30 seconds: ETIMEDOUT (hub logs warnings)`,
  ).join("\n");
  const prepared = await prepareContext(deps, {
    scope_id: SCOPE,
    query: `Got this while testing:\n${log}\n\nUnrelated: which service renders invoices to PDF?`,
  });
  assert.match(prepared.items[0]?.content ?? "", /^Invoices are rendered/);
});
