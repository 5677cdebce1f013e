import assert from "node:assert/strict";
import { test } from "node:test";
import { gateBySubject, namedSubject } from "./named-subject.ts";

test("the subject of a question is the names it says that are no lexicon words", () => {
  assert.deepEqual(namedSubject("What breed is Lena's dog?"), ["lena"]);
  assert.deepEqual(namedSubject("Who reviewed the Globex contract for Dana?"), ["globex", "dana"]);
  assert.deepEqual(namedSubject("What Docker image does the fraud scorer use?"), [], "Docker is a lexicon word");
  assert.deepEqual(namedSubject("Set up Sentry for Lena's service."), [], "a task prompt names tools, not subjects");
  assert.deepEqual(namedSubject("what breed is lena's dog?"), [], "a name in lower case is a word like any other");
});

test("a candidate away from the subject keeps a share of its concept bonus; its session counts", () => {
  const candidates = [
    { total: 1, concept: 0.4, holds: true, place: { session: "s1", stream: null, position: 1 } },
    { total: 2, concept: 1, holds: false, place: { session: "s1", stream: null, position: 2 } },
    { total: 2, concept: 1, holds: false, place: { session: "s2", stream: null, position: 3 } },
    { total: 2, concept: 1, holds: false, place: { session: null, stream: "captured" as const, position: 4 } },
  ];
  assert.deepEqual(gateBySubject(candidates, 0.25), [1, 2, 1.25, 1.25]);
  assert.deepEqual(gateBySubject(candidates, 1), [1, 2, 2, 2], "1 is off");
  const nobody = candidates.map((candidate) => ({ ...candidate, holds: false }));
  assert.deepEqual(gateBySubject(nobody, 0.25), [1, 2, 2, 2], "a name the scope does not hold changes nothing");
});
