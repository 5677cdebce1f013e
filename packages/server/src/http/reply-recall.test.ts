// Replies through the real HTTP API, on both stores: in a chat between two friends the answer to a follow-up question
// is the next turn, and it seldom repeats the question's words ("What breed is Lena's dog?" is answered by "Lena: A
// beagle mix, so much energy.", right after "Marco: Aww Lena, what breed is she?"). Recall reads the turns of the best
// sessions and lifts the turn said right after a question. The control: the same chat with the follow-up said
// without a question, whose next turn is then not lifted and ranks lower. Both hold as well when the client names no sessions, or
// writes each turn with memory/remember: the turns are then read around a match in the order they were stored.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { appWithChats } from "../testing/chat-turns.ts";
import type { TestApp } from "../testing/test-app.ts";
import type { Store } from "../store/types.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

const SCOPE = "friends";
const ANSWER = "Lena: A beagle mix, so much energy.";
const QUESTION = "What breed is Lena's dog?";

/** Three chats between two pairs of friends; `followUp` is what Marco says after Lena's news. */
function sessions(followUp: string): Record<string, string[]> {
  return {
    puppy: [
      "Lena: Hi Marco! Long time no talk.",
      "Marco: Hey Lena! Busy but good, work has been a lot.",
      "Lena: We adopted a puppy from the shelter last weekend!",
      followUp,
      ANSWER,
      "Marco: I love that for you.",
      "Lena: Gotta run, talk soon Marco!",
    ],
    kitten: [
      "Iris: Omar! Do you have a minute?",
      "Omar: Always. What's new?",
      "Iris: We brought home a kitten, she's tiny.",
      "Omar: So cute, Iris! What breed?",
      "Iris: A Maine Coon, so she won't stay tiny.",
      "Omar: Take care, Iris!",
    ],
    shelter: [
      "Marco: Lena, do you still walk the dogs at the shelter?",
      "Lena: Only on Sundays now, the dog walkers are short-staffed.",
      "Marco: Lena, my neighbour's dog barks all night.",
      "Lena: Ugh, Marco, a barking dog is the worst.",
    ],
    weekend: [
      "Marco: Lena! How was your weekend?",
      "Lena: Quiet, I slept in and read on the couch.",
      "Marco: The kids kept me busy, as always.",
      "Lena: Take care, Marco. Catch up again soon!",
    ],
  };
}

/** How the chats are stored: captured with their sessions, captured naming none, or written with memory/remember. */
type Stored = "with sessions" | "without sessions" | "remembered";

/** The chats, with Marco's `followUp`, stored in order as `stored` says. */
async function appWithFollowUp(
  t: TestContext,
  open: () => Promise<Store>,
  followUp: string,
  stored: Stored,
): Promise<TestApp> {
  return appWithChats(t, await open(), SCOPE, sessions(followUp), {
    sessions: stored === "with sessions",
    remembered: stored === "remembered",
  });
}

/**
 * The answer's rank in `memory/search` (its first 20 hits; -1 when absent) and whether prepare includes it within
 * 3,000 bytes (about eight items: in a stream the reply ranks just below the question it answers, not above it).
 */
async function answerRecall(post: TestApp["post"]): Promise<{ rank: number; prepared: boolean }> {
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query: QUESTION, limit: 20 });
  assert.equal(search.status, 200, JSON.stringify(search.json));
  const rank = search.json.hits.findIndex((hit: { text: string }) => hit.text === ANSWER);
  const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: QUESTION, max_bytes: 3000 });
  assert.equal(prepared.status, 200, JSON.stringify(prepared.json));
  return { rank, prepared: prepared.json.status === "ready" && String(prepared.json.content).includes("beagle mix") };
}

for (const [engine, open] of BOTH_STORES) {
  for (const stored of ["with sessions", "without sessions", "remembered"] as const) {
    test(`${engine}, ${stored}: the reply to a follow-up question is recalled though it shares no word with it`, async (t) => {
      const asked = await answerRecall(
        (await appWithFollowUp(t, open, "Marco: Aww Lena, what breed is she?", stored)).post,
      );
      // The control: the same chats, the follow-up said without asking, so the same next turn answers nothing.
      const told = await answerRecall(
        (await appWithFollowUp(t, open, "Marco: Aww Lena, tell me her breed.", stored)).post,
      );
      assert.ok(asked.rank >= 0 && asked.rank < 8, `rank ${asked.rank}`);
      assert.ok(told.rank === -1 || told.rank > asked.rank, `ranks ${asked.rank} asked, ${told.rank} told`);
      assert.ok(asked.prepared, "prepare left the reply out");
      // Inside a named session the reply is lifted to the first five; after a follow-up that asks nothing it is not.
      if (stored === "with sessions") assert.ok(asked.rank < 5 && (told.rank === -1 || told.rank >= 5));
    });
  }
}
