import assert from "node:assert/strict";
import { test } from "node:test";
import type { HandoffCitation } from "@powercontext/protocol";
import { contentBytes } from "./content.ts";
import { draftFromEvidence } from "./deterministic-draft.ts";
import type { Evidence } from "./evidence.ts";
import { nextStepText, statementText } from "./evidence-text.ts";

function sourceEvidence(source_id: string, content: string, metadata: Record<string, string> = {}): Evidence {
  const citation: HandoffCitation = { kind: "source", source_ref: { name: "content", source_id } };
  return {
    kind: "source",
    citation,
    source: { scope_id: "s", source_id, position: 1, content, metadata, captured_at: "" },
  };
}

function memoryEvidence(text: string, kind = "decision"): Evidence {
  const memory_citation = {
    memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
    entry_id: "mem_ent_1",
    entry_version_id: "mem_ver_1",
  };
  return {
    kind: "memory",
    citation: { kind: "memory", memory_citation },
    entry: { citation: memory_citation, version: 1, kind, text, state: "active", source_refs: [], artifact_refs: [] },
  };
}

test("statement text comes from the evidence only", () => {
  const table: Array<[string, Evidence, string]> = [
    ["a memory entry is its text", memoryEvidence("Use PostgreSQL 16."), "Use PostgreSQL 16."],
    [
      "a source is its whitespace-collapsed content",
      sourceEvidence("a", "  Line one.\n\n  Line two.  "),
      "Line one. Line two.",
    ],
    ["a long source is an excerpt", sourceEvidence("b", "x".repeat(5000)), `${"x".repeat(1497)}…`],
    [
      "a work contract Source reads as its record",
      sourceEvidence(
        "c",
        JSON.stringify({
          schema: "powercontext.work-contract.v1",
          objective: "Move it.",
          in_scope: ["export"],
          completion_criteria: ["green"],
        }),
        { kind: "work-contract", schema: "powercontext.work-contract.v1" },
      ),
      "Work contract: Move it. In scope: export. Done when: green.",
    ],
    [
      "an artifact with nothing to read is described",
      {
        kind: "artifact",
        citation: { kind: "artifact", artifact_ref: { family: "memory", artifact_id: "memory", revision: 3 } },
        handoff: null,
      },
      "memory/memory revision 3 is cited as evidence.",
    ],
  ];
  for (const [name, evidence, expected] of table) assert.equal(statementText(evidence), expected, name);
});

test("a next action is taken only from evidence that states one", () => {
  const table: Array<[string, Evidence, string | null]> = [
    ["a next-step entry", memoryEvidence("Run the migration.", "next-step"), "Run the migration."],
    ["a decision entry", memoryEvidence("Run the migration."), null],
    ["a Next: line", sourceEvidence("a", "Did X.\nNext: run Y."), "run Y."],
    ["a bulleted next step line", sourceEvidence("a", "Done.\n- Next step - deploy to staging"), "deploy to staging"],
    ["a TODO line", sourceEvidence("a", "todo: write docs"), "write docs"],
    ["the word next inside a sentence", sourceEvidence("a", "The next release ships Monday."), null],
    ["plain content", sourceEvidence("a", "All green."), null],
  ];
  for (const [name, evidence, expected] of table) assert.equal(nextStepText(evidence), expected, name);
});

test("the deterministic draft cites each piece of evidence, keeps the objective, and fits every budget it can", () => {
  const evidence = [
    memoryEvidence("Decided to stream rows."),
    sourceEvidence("b", `Progress. ${"word ".repeat(400)}\nNext: benchmark it.`),
  ];
  const tight = draftFromEvidence({ objective: "Finish the export", evidence, max_bytes: 512 });
  assert.deepEqual(
    tight?.state.map((s) => s.citations),
    [[evidence[1]?.citation]],
    "at the floor, the evidence with the smallest citation is stated",
  );
  const full = draftFromEvidence({ objective: "Finish the export", evidence, max_bytes: 32768 });
  assert.deepEqual(
    full?.state.map((s) => s.citations),
    [[evidence[0]?.citation], [evidence[1]?.citation]],
  );
  assert.deepEqual(full?.next_action, { text: "benchmark it.", citations: [evidence[1]?.citation] });
  assert.equal(full?.disposition, "continuable");
  assert.deepEqual(full?.omissions, []);
  for (let max_bytes = 512; max_bytes <= 4096; max_bytes += 97) {
    const draft = draftFromEvidence({ objective: "Finish the export", evidence, max_bytes });
    assert.ok(draft !== null, String(max_bytes));
    assert.ok(contentBytes(draft) <= max_bytes, `${max_bytes}: ${contentBytes(draft)}`);
    assert.equal(draft.objective, "Finish the export");
    for (const omission of draft.omissions)
      assert.ok(omission.citation === null || evidence.some((e) => e.citation === omission.citation));
  }
  assert.equal(draftFromEvidence({ objective: "o".repeat(600), evidence, max_bytes: 512 }), null);
});
