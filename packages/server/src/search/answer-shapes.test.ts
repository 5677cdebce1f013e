import assert from "node:assert/strict";
import { test } from "node:test";
import { holdsWantedShape, NO_SHAPES, namedTerms, preferWantedShapes, wantedShapes } from "./answer-shapes.ts";

const holds = (question: string, text: string) => holdsWantedShape(text, wantedShapes(question));

test("a question's cue words ask for the matching shape of value", () => {
  assert.ok(holds("What was the ticket for the export bug?", "It is tracked as PAY-158."));
  assert.ok(holds("Which flag was it behind?", "It's behind shipq_new_path."));
  assert.ok(holds("What env var did I set?", "Set TAXCALC_URL first."));
  assert.ok(holds("Which test kept failing?", "docs.export.spec.ts is red again."));
  assert.ok(holds("Which Slack channel was it in?", "There's a thread in #eng-perf."));
  assert.ok(holds("When is it due?", "It has to land by Friday the 14th."));
  assert.ok(holds("How big were the batches?", "I set the batch size to 4300."));
  assert.ok(holds("Which version did I suspect?", "We bumped zod to 3.22."));
  assert.ok(holds("Who was reviewing it?", "I asked Kofi to review it."));
  assert.ok(!holds("Who was reviewing it?", "Keep it small."), "a capitalized word opening the turn is not a name");
  assert.ok(holds("Who was reviewing it?", "Kofi is on it."), "unless it is the subject of what people do");
  assert.ok(holds("Who was reviewing it?", "ok. Marcus will go through it."));
  assert.ok(!holds("Who was reviewing it?", "It is on the list. There was a review."), "pronouns are no names");
  assert.ok(!holds("Who was reviewing it?", "Once the pool is sorted, ship it."));
  assert.ok(holds("Which customer pushed for it?", "Globex is the reason it got prioritised."));
  assert.ok(holds("What was the deadline?", "It has to land by the 1.8 release."), "a release is a date too");
  assert.ok(holds("Which staging db was I testing against?", "I'm running everything against chatbox-stg-4."));
  assert.ok(!holds("Which staging db was I testing against?", "The staging database is locked."));
  assert.ok(holds("What flight did we take?", "We got the 6:15 direct."));
  assert.ok(holds("Which error code showed up?", "Now it dies with EADDRINUSE."));
  assert.ok(holds("What error did I keep getting?", "It fails with ERR_REQUIRE_ESM again."));
  assert.ok(holds("Which error was it?", "The upgrade now dies with SQLSTATE 40001."));
  assert.ok(holds("Which error was it?", "It throws a TypeError on load."));
  assert.ok(!holds("Which error was it?", "The export is slow again."));
  assert.ok(holds("Which host was giving me trouble?", "It's only shipq-eu-5.internal that does this."));
  assert.ok(!holds("Which host was giving me trouble?", "It's only the EU region that does this."));
  assert.ok(holds("What did I call the git branch?", "Everything so far is on spike/chatbox-783."));
  assert.ok(!holds("What did I call the git branch?", "The retry code is in the worker."));
  assert.ok(holds("At which meeting was I presenting it?", "Let's have something for Thursday's architecture sync."));
  assert.ok(!holds("At which meeting was I presenting it?", "Let's have something for the sync."));
  assert.ok(holds("Which dashboard was I watching?", "Keep an eye on docs Latency (Grafana) for me."));
  assert.ok(!holds("Which dashboard was I watching?", "Keep an eye on the latency for me."));
  assert.ok(!holds("What was the ticket for the export bug?", "The export bug is back."));
});

test("a value the question names itself is not its answer", () => {
  const question = "Who was reviewing the notifier Kubernetes move?";
  assert.ok(!holds(question, "For the notifier Kubernetes move, look at the ingress."));
  assert.ok(holds(question, "For the notifier Kubernetes move, Marcus is reviewing."));
  assert.ok(!holds("Is PAY-158 the ticket?", "It is tracked as PAY-158."));
  assert.ok(holds("Is PAY-158 the ticket?", "It is tracked as PAY-158, and PAY-160 too."));
  assert.ok(
    holds("Which ticket was it?", "Tracked as PAY-158, twice: PAY-158."),
    "every value is read, not only the first",
  );
});

test("only questions ask for a shape: a task prompt wants none", () => {
  assert.deepEqual(wantedShapes("Fix the failing test in billing and bump the version").values, []);
  assert.ok(wantedShapes("did the failing test in billing get fixed").values.length > 0);
  assert.deepEqual(wantedShapes("What did we decide about the cache?").values, []);
});

test("items holding a wanted shape move up by the weight, capped at 1; nothing moves when none is wanted", () => {
  const item = (text: string, score: number) => ({ score, hit: { entry: { text } } });
  const ranked = [item("the export bug again", 0.9), item("under PAY-158", 0.8), item("PAY-1 too", 0.95)];
  const shapes = wantedShapes("Which ticket was it?");
  assert.deepEqual(
    preferWantedShapes(ranked, shapes, 0.15).map((i) => [i.hit.entry.text, Math.round(i.score * 100) / 100]),
    [
      ["PAY-1 too", 1],
      ["under PAY-158", 0.95],
      ["the export bug again", 0.9],
    ],
  );
  assert.deepEqual(preferWantedShapes(ranked, NO_SHAPES, 0.15), ranked);
  assert.deepEqual(preferWantedShapes(ranked, shapes, 0), ranked);
});

test("the names a prompt says are its capitalized words inside sentences", () => {
  assert.deepEqual([...namedTerms("What breed is Lena's dog?")], ["lena"]);
  assert.deepEqual([...namedTerms("Who was I training with? Ask Kofi and Dana.")], ["kofi", "dana"]);
  assert.deepEqual(
    [...namedTerms("Lena: What did I do yesterday?")],
    [],
    "a speaker's label and a turn's first word are no names",
  );
});
