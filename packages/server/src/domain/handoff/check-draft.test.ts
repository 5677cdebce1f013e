import assert from "node:assert/strict";
import { test } from "node:test";
import { checkDraft } from "./check-draft.ts";

const given = { kind: "source", source_ref: { name: "content", source_id: "s1" } } as const;
const memory = {
  kind: "memory",
  memory_citation: {
    memory_ref: { family: "memory", artifact_id: "memory", revision: 2 },
    entry_id: "mem_ent_1",
    entry_version_id: "mem_ver_1",
  },
} as const;
const other = { kind: "source", source_ref: { name: "content", source_id: "s2" } };
const limits = { objective: "Ship it", evidence: [given, memory], max_bytes: 2000 };
const statement = (citations: unknown[] = [given], text = "Done.") => ({ text, citations });
const draft = (overrides: object = {}) => ({
  objective: "Ship it",
  state: [statement()],
  disposition: "continuable",
  next_action: null,
  omissions: [],
  ...overrides,
});
const reordered = {
  memory_citation: {
    entry_version_id: "mem_ver_1",
    entry_id: "mem_ent_1",
    memory_ref: { revision: 2, artifact_id: "memory", family: "memory" },
  },
  kind: "memory",
};

test("a generated draft passes only with the contract's shape, the request's objective, given evidence and the budget", () => {
  const table: Array<[string, unknown, string]> = [
    ["a valid draft", draft(), "ok"],
    ["a citation equal as JSON whatever its key order", draft({ state: [statement([reordered])] }), "ok"],
    [
      "a complete disposition with a next action (convention only)",
      draft({ disposition: "complete", next_action: statement() }),
      "ok",
    ],
    ["not an object", "draft", "output"],
    ["undefined (unparseable answer)", undefined, "output"],
    [
      "a missing key",
      { objective: "Ship it", state: [statement()], disposition: "continuable", omissions: [] },
      "output",
    ],
    ["an extra key", draft({ schema: "powercontext.handoff.v1" }), "output"],
    ["an empty state", draft({ state: [] }), "output"],
    ["65 statements", draft({ state: Array.from({ length: 65 }, () => statement()) }), "output"],
    ["33 citations in a statement", draft({ state: [statement(Array.from({ length: 33 }, () => given))] }), "output"],
    ["a blank text", draft({ state: [statement([given], " \n")] }), "output"],
    ["an unknown disposition", draft({ disposition: "done" }), "output"],
    ["an unknown citation kind", draft({ state: [statement([{ kind: "url", url: "x" }])] }), "output"],
    ["an extra key inside a citation", draft({ state: [statement([{ ...given, note: 1 }])] }), "output"],
    [
      "a revision of 0",
      draft({
        state: [
          statement([{ kind: "artifact", artifact_ref: { family: "memory", artifact_id: "memory", revision: 0 } }]),
        ],
      }),
      "output",
    ],
    ["an omission without its citation key", draft({ omissions: [{ text: "x" }] }), "output"],
    ["another objective", draft({ objective: "Ship it." }), "objective"],
    ["a citation not given", draft({ state: [statement([other])] }), "evidence"],
    ["a next action citing what was not given", draft({ next_action: statement([other]) }), "evidence"],
    ["an omission citing what was not given", draft({ omissions: [{ text: "x", citation: other }] }), "evidence"],
    ["over the byte budget", draft({ state: [statement([given], "é".repeat(1000))] }), "budget"],
  ];
  for (const [name, value, expected] of table) {
    const result = checkDraft(value, limits);
    assert.equal(result.status === "ok" ? "ok" : result.reason, expected, name);
  }
});
