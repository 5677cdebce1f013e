import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { scratch } from "./git-testing.ts";
import { confirm, enqueue, readQueue, recordFailure } from "./push-queue.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(40);
const DESTINATION = { remote: "/srv/remote.git", ref: "refs/heads/powercontext-state" };
const NOW = new Date("2026-12-02T12:00:00Z");

test("a descendant supersedes the queued target; confirmation removes only the exact target it pushed", () => {
  const directory = scratch("queue");
  assert.equal(enqueue(directory, DESTINATION, A, () => true, NOW).status, "queued");
  assert.equal(enqueue(directory, DESTINATION, A, () => true, NOW).status, "unchanged");
  const superseded = enqueue(directory, DESTINATION, B, () => true, NOW);
  assert.deepEqual(superseded.status === "queued" && superseded.superseded, A);
  assert.equal(confirm(directory, A), false, "an older target's confirmation leaves the newer one queued");
  const queued = readQueue(directory);
  assert.equal(queued.kind === "queued" && queued.read.record.target, B);
  assert.equal(confirm(directory, B), true);
  assert.equal(readQueue(directory).kind, "empty");
});

test("a target that does not descend retires the old one; a failure lands only on the bytes it read (CAS)", () => {
  const directory = scratch("queue");
  enqueue(directory, DESTINATION, A, () => true, NOW);
  const first = readQueue(directory);
  assert.ok(first.kind === "queued");
  enqueue(directory, DESTINATION, B, () => false, NOW);
  assert.equal(recordFailure(directory, first.read.receipt, "rejected", NOW), false, "the queue changed since");
  const second = readQueue(directory);
  assert.ok(second.kind === "queued");
  assert.deepEqual(second.read.record.retired, [A]);
  assert.equal(recordFailure(directory, second.read.receipt, "rejected", NOW), true);
  const third = readQueue(directory);
  assert.ok(third.kind === "queued");
  assert.deepEqual(
    [third.read.record.attempts, third.read.record.last_error, third.read.record.target],
    [1, "rejected", B],
  );
});

test("another destination or a malformed queue fails closed and the file is left untouched", () => {
  const directory = scratch("queue");
  enqueue(directory, DESTINATION, A, () => true, NOW);
  const changed = enqueue(directory, { ...DESTINATION, remote: "/elsewhere.git" }, B, () => true, NOW);
  assert.equal(changed.status, "destination_changed");
  const file = join(directory, "queue.json");
  for (const bytes of ["{not json", JSON.stringify({ format: "powercontext.state.push-queue.v1", target: 42 })]) {
    writeFileSync(file, bytes);
    assert.equal(readQueue(directory).kind, "malformed");
    assert.equal(enqueue(directory, DESTINATION, C, () => true, NOW).status, "malformed");
    assert.equal(confirm(directory, C), false);
    assert.equal(readFileSync(file, "utf8"), bytes);
  }
});
