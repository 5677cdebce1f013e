import assert from "node:assert/strict";
import { test } from "node:test";
import { git, gitStore, initBare } from "./git-testing.ts";
import { REMOTE_REF } from "./push-launcher.ts";

test("a newer commit published while a push runs (one resumed at session start) is pushed right after it", async () => {
  const remote = initBare();
  const { root, history, patch } = gitStore({ remote });
  await patch({ cwd: { working: { a: 1 } } });
  history.publish();
  await patch({ cwd: { working: { a: 2 } } });
  history.publish();
  const outcome = await history.settled();
  assert.equal(outcome?.status, "pushed");
  assert.equal(git(remote, "rev-parse", REMOTE_REF), git(root, "rev-parse", "HEAD"), "the newest commit reached it");
});
