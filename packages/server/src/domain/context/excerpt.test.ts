import assert from "node:assert/strict";
import { test } from "node:test";
import { utf8Length } from "@powercontext/protocol";
import { analyze } from "../../search/analyze.ts";
import { excerpt } from "./excerpt.ts";
import { packItems } from "./pack-items.ts";

const terms = (text: string) => new Set(analyze(text));

const LONG = [
  "We spent the morning on the flaky login test.",
  "It turned out the fixture clock was off by an hour.",
  "The ledger service deploys with Argo CD from the release branch.",
  "Lunch was late.",
  "Nobody touched the payment adapter today.",
].join(" ");

test("a long text is cut to its sentences holding the prompt's terms, in order, with the gaps marked", () => {
  const cut = excerpt(LONG, terms("How does the ledger service deploy?"), 100);
  assert.equal(cut.focused, true);
  assert.equal(cut.text, "… The ledger service deploys with Argo CD from the release branch. …");
  assert.ok(utf8Length(cut.text) <= 100);
});

test("a text that fits, or shares no term, is kept whole or cut as a prefix", () => {
  assert.deepEqual(excerpt("Short.", terms("anything"), 100), { text: "Short.", truncated: false, focused: false });
  const prefix = excerpt(LONG, terms("kubernetes"), 60);
  assert.equal(prefix.focused, false);
  assert.ok(prefix.text.startsWith("We spent the morning") && prefix.text.endsWith("…"));
});

test("packing focuses long entries so that the matching sentence of a late item survives a small budget", () => {
  const citation = (n: number) => ({
    memory_ref: { family: "memory" as const, artifact_id: "memory", revision: 1 },
    entry_id: `mem_ent_${String(n).padStart(32, "0")}`,
    entry_version_id: `mem_ver_${String(n).padStart(32, "0")}`,
  });
  const filler = "Unrelated chatter about lunch and the weather, repeated at length. ".repeat(20);
  const candidates = [0, 1, 2].map((n) => ({
    citation: citation(n),
    text: `${filler}The ledger deploys with Argo ${n}.`,
  }));
  const items = packItems(candidates, 2000, terms("ledger deploy argo"));
  assert.equal(items.length, 3);
  for (const [n, item] of items.entries()) assert.ok(item.content.includes(`Argo ${n}.`), item.content);
});
