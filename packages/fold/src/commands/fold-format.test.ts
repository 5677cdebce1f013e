import assert from "node:assert/strict";
import { test } from "node:test";
import { LINE_WIDTH } from "@powercontext/pi-kit";
import { servingBudget } from "../budget.ts";
import { DEFAULT_THRESHOLDS } from "../config.ts";
import { emptyState } from "../fold.ts";
import { emptyLedger } from "../ledger.ts";
import { buildStatus } from "../status.ts";
import type { CommitRecord } from "../types.ts";
import { formatCommit, formatFoldStatus } from "./fold-format.ts";

const RECORD: CommitRecord = {
  commit: 3,
  trigger: "person",
  agentMarks: ["m1"],
  topUp: [],
  refused: [],
  folded: ["f1", "f2"],
  tokensBefore: 12000,
  tokensAfter: 4000,
};

function status(sessionMessages: number | null, commits: CommitRecord[] = []) {
  return buildStatus({
    sessionMessages,
    state: { ...emptyState(), commits },
    items: [],
    projection: { messages: [], nodes: ["a", "b"], folds: [], sources: [] },
    tokens: 3200,
    budget: servingBudget(128000, undefined),
    thresholds: DEFAULT_THRESHOLDS,
    ledger: emptyLedger(),
    tokensOf: () => 0,
  });
}

test("/fold status is a short summary of the session, not of the last request", () => {
  const text = formatFoldStatus(status(3, [RECORD]));
  assert.ok(text.split("\n").length <= 8, text);
  assert.ok(
    text.split("\n").every((line) => [...line].length <= LINE_WIDTH),
    text,
  );
  assert.match(text, /^Session +3 messages in this branch · last request sent 2 messages$/m);
  assert.match(text, /^Context +3,200 of 128,000 tokens, 2\.5% · folds at/m);
  assert.match(text, /^Pending +nothing to commit$/m);
  assert.match(text, /^Commits +3; the last by you \(\/fold commit\) folded 2 spans$/m);
  assert.match(formatFoldStatus(status(null)), /^Session +unknown in this branch/m);
  assert.match(formatFoldStatus(status(null)), /^Commits +none yet$/m);
});

test("/fold commit: nothing pending is said so; a commit names what it folded", () => {
  assert.equal(formatCommit(null), "Nothing to commit: no fold is pending.");
  assert.equal(formatCommit(RECORD), "Commit 3: folded 2 spans, 12,000 → 4,000 tokens.");
  assert.match(formatCommit({ ...RECORD, refused: [{ mark: "m", reason: "r" }] }), /; 1 mark refused\.$/);
});
