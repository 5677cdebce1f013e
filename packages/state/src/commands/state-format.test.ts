import assert from "node:assert/strict";
import { test } from "node:test";
import { LINE_WIDTH } from "@powercontext/pi-kit";
import {
  formatMode,
  formatPromotion,
  formatStateFailure,
  formatStateStatus,
  type StateStatusView,
} from "./state-format.ts";

const VIEW: StateStatusView = {
  ok: true,
  mode: "active",
  store: "/home/u/.pi/agent/powercontext-state",
  git_backup: false,
  scopes: {
    global: { key: "global", revision: 2, tail: 1, updated_at: "2026-12-02T09:00:30.000Z" },
    cwd: { key: "cwd-1", revision: 1, tail: 1, updated_at: "2026-12-02T09:01:00.000Z" },
    session: { key: "s-1", revision: 0, tail: 0 },
  },
  entries: { artifacts: 0, contract: 1, working: 2 },
  boundaries: 3,
  promotions: 1,
};

test("/state status is a short summary: mode, entries the model sees, one line per scope", () => {
  const text = formatStateStatus(VIEW);
  assert.ok(text.split("\n").length <= 9, text);
  assert.ok(
    text.split("\n").every((line) => [...line].length <= LINE_WIDTH),
    text,
  );
  assert.match(text, /^Mode +active: the model sees the state and changes it with patch_state$/m);
  const stopped = formatStateStatus({ ...VIEW, mode: "passive", stop: "stopped" });
  assert.match(stopped, /^Mode +stopped: the model sees the state as it was at Stop, read-only$/m);
  assert.match(text, /^Entries +artifacts 0, contract 1, working 2 \(what the model sees\)$/m);
  assert.match(text, /^cwd +revision 1 · updated 2026-12-02 09:01$/m);
  assert.match(text, /^session +empty$/m);
  assert.match(text, /^History +3 boundaries · 1 promotion to Memory$/m);
  assert.match(text, /^Store +\/home\/u\/\.pi\/agent\/powercontext-state$/m, "Git history off: no word on it");
});

test("/state status says whether the store keeps Git history, or runs file-only for want of git", () => {
  const on = formatStateStatus({ ...VIEW, git_backup: true, git: { mode: "git", remote: null, queue: "empty" } });
  assert.match(on, /^Store +\/home\/u\/\.pi\/agent\/powercontext-state · Git history on$/m);
  const unknown = formatStateStatus({
    ...VIEW,
    git_backup: true,
    git: { mode: "unknown", remote: null, queue: "empty" },
  });
  assert.match(unknown, / · Git history on$/m);
  const absent = formatStateStatus({
    ...VIEW,
    git_backup: true,
    git: { mode: "file-only", remote: null, queue: "empty" },
  });
  assert.match(absent, /^Store +\/home\/u\/\.pi\/agent\/powercontext-state · file-only \(no git\)$/m);
});

test("/state mode and /state promote answer in one line", () => {
  assert.equal(formatMode("passive"), "State mode is now passive: the model sees the state, read-only.");
  assert.equal(
    formatPromotion({
      source: "cwd.contract.deploy",
      promotion: "p_1",
      entry: { citation: { entry_id: "ent_9" }, kind: "decision" },
    }),
    "Promoted cwd.contract.deploy to Memory as ent_9 (decision).",
  );
  const long = "mem_ent_3410df1a1da4e887fb98c2fc23087787";
  assert.equal(
    formatPromotion({
      source: "cwd.contract.deploy_pipeline",
      promotion: "p_1",
      entry: { citation: { entry_id: long }, kind: "decision" },
    }),
    `Promoted cwd.contract.deploy_pipeline to Memory (decision).\nEntry ${long}`,
  );
  assert.equal(
    formatPromotion({ source: "cwd.contract.deploy", promotion: "p_1", entry: null }),
    "cwd.contract.deploy is already in Memory; nothing new saved (recorded as p_1).",
  );
});

test("a declined promotion is a neutral notice; other failures keep their message", () => {
  assert.deepEqual(
    formatStateFailure({ ok: false, code: "cancelled", message: "The user declined; nothing was sent." }),
    {
      text: "Declined: nothing was sent to Memory.",
      level: "info",
    },
  );
  assert.equal(formatStateFailure({ ok: false, code: "not_found", message: "x does not exist." }).level, "warning");
  assert.doesNotMatch(
    formatStateFailure({ ok: false, code: "unavailable", message: "Down. Continue the task." }).text,
    /Continue the task/,
  );
  assert.deepEqual(formatStateFailure({ ok: false, code: "conflict", message: "Stale." }), {
    text: "Stale. (conflict)",
    level: "error",
  });
});
