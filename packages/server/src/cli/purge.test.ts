import assert from "node:assert/strict";
import { test } from "node:test";
import { type Confirmation, purgeCommand, type PurgeRequest } from "./purge.ts";

/** A Server that is never reached: a call that gets this far fails as unreachable, showing confirmation passed. */
const NOWHERE = { url: "http://127.0.0.1:9", token: null, timeoutMs: 2000 };
const REQUEST: PurgeRequest = { target: "source", scope: "proj", id: "s1" };

function answering(answer: string, asked: string[] = []): Confirmation {
  return {
    interactive: true,
    ask: async (question) => {
      asked.push(question);
      return answer;
    },
  };
}

test("purge asks at a terminal and goes on only when the scope id is typed back", async () => {
  const asked: string[] = [];
  await assert.rejects(purgeCommand({ target: NOWHERE, confirmation: answering("yes", asked) }, REQUEST, {}), {
    code: "invalid_request",
    message: "Not confirmed: nothing was purged (Source s1 of scope proj).",
  });
  assert.match(asked[0] ?? "", /permanently deletes Source s1 of scope proj.*Type the scope id \(proj\)/);
  await assert.rejects(
    purgeCommand({ target: NOWHERE, confirmation: answering(" proj \n") }, REQUEST, {}),
    (error: Error & { code?: string }) => error.code !== "invalid_request",
  );
});

test("purge refuses without a terminal unless --yes, and --yes asks nothing", async () => {
  const asked: string[] = [];
  const noTerminal: Confirmation = { interactive: false, ask: answering("proj", asked).ask };
  await assert.rejects(purgeCommand({ target: NOWHERE, confirmation: noTerminal }, REQUEST, {}), /pass --yes/);
  await assert.rejects(
    purgeCommand({ target: NOWHERE, confirmation: noTerminal }, { target: "scope", scope: "proj" }, { yes: true }),
    (error: Error & { code?: string }) => error.code !== "invalid_request",
  );
  assert.deepEqual(asked, []);
});
