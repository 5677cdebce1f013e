// A question that names a friend, through the real HTTP API on both stores: "What pet did Lena get?" must recall
// Lena's turn about her beagle among the first three, not only the other friends' turns about their kitten and their
// puppy. The concept bonus lifts every turn about pets; the turns that hold no "Lena" themselves and sit in no chat
// session where she is named keep a quarter of it. The control: asked in lower case, "lena" is no name, and the
// other friends' turns fill the first three.
import assert from "node:assert/strict";
import { test } from "node:test";
import { appWithChats } from "../testing/chat-turns.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

const SCOPE = "named-subject";
const HERS = "We brought home a beagle last weekend, she already rules the house.";

/** Chats between friends, each friend's turns without her name, as a capture that keeps the speaker elsewhere has them. */
const SESSIONS: Record<string, string[]> = {
  lena: ["Hi Marco!", "Hey Lena! How have you been?", HERS, "Aww Lena, I love that for you."],
  omar: ["Iris! Got a minute?", "Sure, Omar.", "Our new kitten finally let the vet touch her.", "Cats are the best."],
  iris: [
    "Morning Omar.",
    "Hi Iris!",
    "We adopted a puppy from the shelter, the dog park is our new home.",
    "A vet visit every month now.",
  ],
  work: ["Lena, how was work?", "Busy, the deadline moved again.", "Ugh, deadlines.", "Talk soon, Lena!"],
};

for (const [engine, open] of BOTH_STORES) {
  test(`${engine}: a question naming a friend recalls her turn before other friends' turns about the same thing`, async (t) => {
    const app = await appWithChats(t, await open(), SCOPE, SESSIONS);
    const first = async (query: string) => {
      const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query, limit: 3 });
      assert.equal(search.status, 200, JSON.stringify(search.json));
      return search.json.hits.map((hit: { text: string }) => hit.text);
    };
    const named = await first("What pet did Lena get?");
    assert.ok(named.includes(HERS), JSON.stringify(named));
    const prepared = await app.post("/v1/context/prepare", {
      scope_id: SCOPE,
      query: "What pet did Lena get?",
      max_bytes: 2000,
    });
    assert.equal(prepared.status, 200, JSON.stringify(prepared.json));
    assert.ok(String(prepared.json.content).includes("beagle"), JSON.stringify(prepared.json));
    const unnamed = await first("what pet did lena get?");
    assert.ok(!unnamed.includes(HERS), JSON.stringify(unnamed));
  });
}
