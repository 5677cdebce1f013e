import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemorySearchHit } from "../../store/types.ts";
import { UNNAMED_SESSION } from "../../store/types/search.ts";
import { toSearchText } from "../../search/analyze.ts";
import { NO_SHAPES, wantedShapes } from "../../search/answer-shapes.ts";
import { NOWHERE, type SessionPlace, type Stream } from "./session-context.ts";
import { bestSessions, heldTerms, readSessionTurns, sessionTermWeights, type TurnCandidate } from "./session-turns.ts";

function named(session: string, position: number): SessionPlace {
  return { session, stream: null, position };
}

function inStream(position: number, stream: Stream = "captured"): SessionPlace {
  return { session: null, stream, position };
}

test("the best sessions are those whose candidates sum highest, each read around its best candidate", () => {
  const best = bestSessions(
    [
      { total: 0.9, place: named("a", 10) },
      { total: 0.5, place: named("b", 40) },
      { total: 0.6, place: named("b", 44) },
      { total: 0.2, place: named("c", 70) },
      { total: 5, place: NOWHERE },
    ],
    2,
  );
  assert.deepEqual(best, [
    { session_id: "b", stream: null, position: 44, best: 0.6 },
    { session_id: "a", stream: null, position: 10, best: 0.9 },
  ]);
  assert.deepEqual(bestSessions([{ total: 1, place: named("a", 1) }], 0), []);
});

test("a session's share of the prompt is the prompt's weight its turns hold between them", () => {
  const rarity = new Map([
    ["bill", 1],
    ["deadlin", 3],
  ]);
  const turns = ["The billing bug again.", "more billing output"];
  const held = turns.map((text) => heldTerms(toSearchText(text), rarity));
  assert.equal(sessionTermWeights(rarity, held).coverage, 0.25);
  assert.equal(sessionTermWeights(new Map(), []).coverage, 0);
});

test("a term most of the session's turns hold is its topic and counts a tenth", () => {
  const rarity = new Map([
    ["bill", 2],
    ["deadlin", 1],
  ]);
  const turns = ["The billing bug again.", "billing still fails", "Deadline is Friday.", "more billing output"];
  const { weights, topics } = sessionTermWeights(
    rarity,
    turns.map((text) => heldTerms(toSearchText(text), rarity)),
  );
  assert.deepEqual([...topics], ["bill"]);
  assert.ok(Math.abs((weights.get("bill") ?? 0) - 0.2) < 1e-9);
  assert.equal(weights.get("deadlin"), 1);
});

const hit = (id: string, text: string): MemorySearchHit =>
  ({
    entry: {
      citation: { entry_id: `mem_${id}`, entry_version_id: id },
      text,
    },
    search_text: toSearchText(text),
  }) as unknown as MemorySearchHit;

/** A store whose session neighbours are `turns`, all of session s1 in order; `reads` records each neighbour read. */
function sessionStore(turns: readonly MemorySearchHit[], reads: unknown[] = []) {
  return {
    readSessionNeighbours: async (...args: unknown[]) => {
      reads.push(args);
      return turns.map((turn, index) => ({
        entry_version_id: turn.entry.citation.entry_version_id,
        session_id: "s1",
        position: index + 1,
      }));
    },
    readWrittenNeighbours: async () => [],
    readSearchHits: async (_scope: string, ids: string[]) => ({
      memory: null,
      hits: turns.filter((turn) => ids.includes(turn.entry.citation.entry_version_id)),
    }),
  };
}

test("the answering turn of the best session is read and scored by what tells it apart from its session", async () => {
  const turns = [
    hit("v1", "Working on the billing timeout bug today."),
    hit("v2", "The billing export keeps timing out."),
    hit("v3", "Deadline is end of Q2 for all of this."),
    hit("v4", "Another billing log line."),
  ];
  const reads: unknown[] = [];
  const store = sessionStore(turns, reads);
  const candidates: TurnCandidate[] = [
    { entry_version_id: "v1", hit: turns[0], total: 1, place: named("s1", 1) },
    { entry_version_id: "x9", hit: undefined, total: 0.5, place: NOWHERE },
  ];
  const rarity = new Map([
    ["bill", 1],
    ["deadlin", 1],
  ]);
  const read = await readSessionTurns(
    store,
    "scope",
    candidates,
    { rarity, shapes: wantedShapes("What was the billing deadline?") },
    {
      sessions: 3,
      weight: 4,
      radius: 12,
      streamRadius: 4,
      replyShare: 0,
      streamReplyShare: 0,
    },
  );
  assert.deepEqual(reads, [["scope", [{ session_id: "s1", position: 1 }], 12, 96]]);
  const byId = new Map(read.map((turn) => [turn.entry_version_id, turn]));
  // "deadline" is rare in the session, "billing" its topic: v3 holds the first and the wanted shape.
  const v3 = byId.get("v3");
  assert.ok(v3?.lexical);
  for (const other of ["v1", "v2", "v4"]) assert.ok((byId.get(other)?.total ?? 0) < v3.total, other);
  // v2 and v4 hold only the session's topic ("billing"): like every other turn of it, they are not lifted.
  assert.deepEqual([...byId.keys()].sort(), ["v3"]);
  // The session holds both prompt terms: worth 1 (its best) × 4 × 1, times v3's score.
  assert.ok(Math.abs(v3.total - 1 * 4 * (1 / 1.1 + 0.3)) < 1e-9, String(v3.total));
  // A session in which no prompt term is a topic (facts captured one after another in one chat) is left as it is.
  const unrelated = [
    hit("v1", "The billing export."),
    hit("v2", "Deadline is end of Q2."),
    hit("v3", "Lunch at noon."),
  ];
  const mixed = sessionStore(unrelated);
  const readWith = (from: typeof store, sessions: number, weight: number) =>
    readSessionTurns(
      from,
      "scope",
      candidates,
      { rarity, shapes: NO_SHAPES },
      { sessions, weight, radius: 12, streamRadius: 4, replyShare: 0, streamReplyShare: 0 },
    );
  assert.deepEqual(await readWith(mixed, 3, 4), []);
  // Off: no session to read, or weight 0.
  assert.deepEqual(await readWith(store, 0, 4), []);
  assert.deepEqual(await readWith(store, 3, 0), []);
});

/**
 * Lena tells Marco of her puppy, Marco asks the breed, Lena answers: read as one session, or from a stream; `reads`
 * records each read's anchors and radius.
 */
function puppyThread(where: "session" | Stream, reads: unknown[] = []) {
  const turns = [
    hit("v1", "Lena: Hi Marco! How are you?"),
    hit("v2", "Lena: We adopted a puppy last weekend!"),
    hit("v3", "Marco: Aww Lena, what breed is she?"),
    hit("v4", "Lena: A golden retriever, so much energy."),
    hit("v5", "Marco: Take care, Lena."),
  ];
  // The neighbours arrive nearest the anchor first, not in the order they were said.
  const nearestFirst = [2, 3, 1, 4, 0].map((index) => ({
    entry_version_id: turns[index]?.entry.citation.entry_version_id ?? "",
    position: index + 1,
  }));
  const store = {
    readSessionNeighbours: async (_scope: string, anchors: unknown, radius: number) => {
      reads.push(["session", anchors, radius]);
      if (where === "written") return [];
      const session_id = where === "captured" ? UNNAMED_SESSION : "s1";
      return nearestFirst.map((turn) => ({ ...turn, session_id }));
    },
    readWrittenNeighbours: async (_scope: string, revisions: number[], radius: number) => {
      reads.push(["written", revisions, radius]);
      if (where !== "written") return [];
      return nearestFirst.map(({ entry_version_id, position }) => ({ entry_version_id, revision: position }));
    },
    readSearchHits: async () => ({ memory: null, hits: [] }),
  };
  const candidates: TurnCandidate[] = turns.map((turn, index) => ({
    entry_version_id: turn.entry.citation.entry_version_id,
    hit: turn,
    total: index === 2 ? 1 : 0.2,
    place: where === "session" ? named("s1", index + 1) : inStream(index + 1, where),
  }));
  const rarity = new Map([
    ["lena", 1],
    ["breed", 2],
    ["dog", 2],
  ]);
  return async (replyShare: number) =>
    new Map(
      (
        await readSessionTurns(
          store,
          "scope",
          candidates,
          { rarity, shapes: NO_SHAPES },
          { sessions: 1, weight: 4, radius: 12, streamRadius: 6, replyShare, streamReplyShare: replyShare },
        )
      ).map((turn) => [turn.entry_version_id, turn.total]),
    );
}

test("the turn answering a question asked in the session earns a share of that question's thread", async () => {
  const read = puppyThread("session");
  const byId = await read(0.5);
  // v4 holds only the session's topic ("lena"), but it answers v3, which asks about the breed.
  assert.ok(Math.abs((byId.get("v4") ?? 0) - 0.5 * (byId.get("v3") ?? 0)) < 1e-9, String(byId.get("v4")));
  // v5 follows a statement, not a question: nothing lifts it.
  assert.deepEqual([...byId.keys()].sort(), ["v3", "v4"]);
  assert.deepEqual([...(await read(0)).keys()], ["v3"]);
});

for (const stream of ["captured", "written"] as const) {
  test(`in the stream of ${stream} turns naming no session, only the reply to a question is lifted`, async () => {
    const reads: unknown[] = [];
    const read = puppyThread(stream, reads);
    const byId = await read(0.5);
    // The question keeps its own rank (a stream may be notes); its reply earns half the question's recall total (1),
    // so it comes right below the question, not above it as a session's turns can. v2 answers v1's "How are you?".
    assert.deepEqual([...byId.keys()], ["v2", "v4"]);
    assert.ok(Math.abs((byId.get("v4") ?? 0) - 0.5) < 1e-9, String(byId.get("v4")));
    assert.ok(Math.abs((byId.get("v2") ?? 0) - 0.5 * 0.2) < 1e-9, String(byId.get("v2")));
    assert.deepEqual([...(await read(0)).keys()], []);
    // One read, of the stream's own kind, around the best candidate (v3) and as far as the stream's radius.
    const anchor = stream === "captured" ? [{ session_id: UNNAMED_SESSION, position: 3 }] : [3];
    assert.deepEqual(reads[0], [stream === "captured" ? "session" : "written", anchor, 6]);
    assert.equal(reads.length, 2, "one read a recall");
  });
}

test("in the stream, each candidate is a stretch of its own, ranked with the named sessions by its total", () => {
  const best = bestSessions(
    [
      { total: 0.9, place: named("a", 10) },
      { total: 0.4, place: named("a", 12) },
      { total: 1.2, place: inStream(40) },
      { total: 0.7, place: inStream(41) },
      { total: 0.2, place: inStream(90) },
    ],
    3,
  );
  assert.deepEqual(best, [
    { session_id: "a", stream: null, position: 10, best: 0.9 },
    { session_id: UNNAMED_SESSION, stream: "captured", position: 40, best: 1.2 },
    { session_id: UNNAMED_SESSION, stream: "captured", position: 41, best: 0.7 },
  ]);
});

test("a revision that wrote two entries is a batch (an import), not turns written one by one: it is not read", async () => {
  // Two candidates written in one revision: no stretch there; the lone candidate of revision 7 is one.
  const best = bestSessions(
    [
      { total: 1, place: inStream(3, "written") },
      { total: 0.9, place: inStream(3, "written") },
      { total: 0.5, place: inStream(7, "written") },
    ],
    5,
  );
  assert.deepEqual(best, [{ session_id: UNNAMED_SESSION, stream: "written", position: 7, best: 0.5 }]);
  // Read around it, the stretch shows a revision (8) that wrote two entries: it is left out, reply and all.
  const turns = [
    hit("v1", "Lena: We adopted a puppy!"),
    hit("v2", "Marco: What breed is she?"),
    hit("v3", "Lena: A beagle mix."),
    hit("v4", "Lena: And a kitten too."),
  ];
  const written = (revisions: number[]) => ({
    readSessionNeighbours: async () => [],
    readWrittenNeighbours: async () =>
      revisions.map((revision, index) => ({
        entry_version_id: turns[index]?.entry.citation.entry_version_id ?? "",
        revision,
      })),
    readSearchHits: async (_scope: string, ids: string[]) => ({
      memory: null,
      hits: turns.filter((turn) => ids.includes(turn.entry.citation.entry_version_id)),
    }),
  });
  const candidates: TurnCandidate[] = [
    { entry_version_id: "v2", hit: turns[1], total: 1, place: inStream(7, "written") },
    { entry_version_id: "v1", hit: turns[0], total: 0.1, place: NOWHERE },
  ];
  const read = (revisions: number[]) =>
    readSessionTurns(
      written(revisions),
      "scope",
      candidates,
      {
        rarity: new Map([
          ["breed", 1],
          ["lena", 1],
        ]),
        shapes: NO_SHAPES,
      },
      { sessions: 3, weight: 4, radius: 12, streamRadius: 4, replyShare: 0.5, streamReplyShare: 0.5 },
    );
  assert.deepEqual(
    (await read([6, 7, 8, 9])).map((turn) => turn.entry_version_id),
    ["v3"],
    "written one by one",
  );
  assert.deepEqual(await read([6, 7, 8, 8]), []);
});
