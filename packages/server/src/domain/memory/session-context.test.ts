import assert from "node:assert/strict";
import { test } from "node:test";
import { creditSessions, NOWHERE, placeOf, type SessionPlace } from "./session-context.ts";

/** Candidates in the named sessions given, at positions 1, 2, … */
function inSessions(sessions: ReadonlyArray<string | null>): SessionPlace[] {
  return sessions.map((session, index) => ({
    session,
    stream: session === null ? ("captured" as const) : null,
    position: index + 1,
  }));
}

test("a turn whose session-mates match too outranks the same detail in another session", () => {
  // Two "deadline" turns score alike; only the first one's session also talks about the asked topic.
  const scores = [0.5, 0.55, 0.9, 0.4, 0.1];
  const sessions = inSessions(["a", "b", "a", "a", "c"]);
  const credited = creditSessions(scores, sessions, { share: 0.25, cap: 2 });
  assert.ok((credited[0] as number) > (credited[1] as number), JSON.stringify(credited));
  // Own score × (1 + 0.25 × min(2, (0.9 + 0.4) / 0.9)).
  assert.ok(Math.abs((credited[0] as number) - 0.5 * (1 + 0.25 * (1.3 / 0.9))) < 1e-9);
  // The cap: the best turn's mates sum to 0.9 / 0.9 = 1, under the cap; a lone turn keeps its score.
  assert.ok(Math.abs((credited[2] as number) - 0.9 * 1.25) < 1e-9);
  assert.equal(credited[1], 0.55);
  assert.equal(credited[4], 0.1);
});

test("the credit is capped, multiplies (a turn that does not match gains nothing) and is off at share 0", () => {
  const scores = [1, 1, 1, 1, 0];
  const sessions = inSessions(["a", "a", "a", "a", "a"]);
  const credited = creditSessions(scores, sessions, { share: 0.25, cap: 2 });
  assert.deepEqual(credited, [1.5, 1.5, 1.5, 1.5, 0]);
  assert.deepEqual(creditSessions(scores, sessions, { share: 0, cap: 2 }), scores);
});

/** A search hit of an entry citing `sources` (ids), written in `revision`. */
function hitCiting(sources: string[], revision = 9) {
  return {
    entry: { source_refs: sources.map((source_id) => ({ name: "content" as const, source_id })) },
    written_revision: revision,
  };
}

test("an entry's place: its named session, the stream of captures naming none, or the stream of written entries", () => {
  const cited = hitCiting(["s"]);
  assert.deepEqual(placeOf(undefined, undefined), NOWHERE);
  assert.deepEqual(placeOf(cited, undefined), NOWHERE, "its Sources are not read");
  assert.deepEqual(placeOf(cited, [{ position: 1, session_id: null }]), {
    session: null,
    stream: "captured",
    position: 1,
  });
  assert.deepEqual(placeOf(cited, [{ position: 3, session_id: "" }]), {
    session: null,
    stream: "captured",
    position: 3,
  });
  const two = (first: string | null, second: string | null) =>
    placeOf(cited, [
      { position: 1, session_id: first },
      { position: 2, session_id: second },
    ]);
  assert.deepEqual(two("a", "b"), NOWHERE);
  assert.deepEqual(two(null, "b"), NOWHERE);
  assert.deepEqual(two("a", "a"), { session: "a", stream: null, position: 1 });
  // Written with memory/remember: no Source, placed by the revision that wrote it.
  assert.deepEqual(placeOf(hitCiting([], 42), undefined), { session: null, stream: "written", position: 42 });
});

test("entries of a stream, or citing Sources of two sessions, lend and borrow nothing", () => {
  assert.deepEqual(creditSessions([0.5, 0.5], inSessions([null, null]), { share: 0.25, cap: 2 }), [0.5, 0.5]);
  const written = { session: null, stream: "written" as const, position: 4 };
  assert.deepEqual(creditSessions([0.5, 0.5], [written, written], { share: 0.25, cap: 2 }), [0.5, 0.5]);
  assert.deepEqual(creditSessions([0.5, 0.5], [NOWHERE, NOWHERE], { share: 0.25, cap: 2 }), [0.5, 0.5]);
});
