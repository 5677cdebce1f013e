import assert from "node:assert/strict";
import { test } from "node:test";
import { occupancyCrossings, waypointMessage } from "./notices.ts";

test("each waypoint is announced once per upward crossing, and falling below re-arms it", () => {
  const shares = [0.1, 0.26, 0.3, 0.49, 0.52, 0.6, 0.81, 0.9, 0.35, 0.4, 0.55, 0.2, 0.3];
  let announced = 0;
  const seen: number[][] = [];
  for (const share of shares) {
    const crossed = occupancyCrossings(announced, share);
    announced = crossed.announced;
    seen.push(crossed.notices.map((notice) => notice.level));
  }
  assert.deepEqual(seen, [[], [25], [], [], [50], [], [75], [], [], [], [50], [], [25]]);
});

test("a jump past several waypoints announces each of them once", () => {
  const crossed = occupancyCrossings(0, 0.8);
  assert.deepEqual(
    crossed.notices.map((notice) => notice.level),
    [25, 50, 75],
  );
  assert.equal(crossed.announced, 75);
  assert.match(crossed.notices[2]?.text ?? "", /passed 75% of the serving budget \(now 80%\)/);
});

test("the agent gets one waypoint message per request, naming the highest waypoint crossed and the commit line", () => {
  assert.equal(waypointMessage([], 0.8), null);
  const message = waypointMessage(occupancyCrossings(0, 0.8).notices, 0.8) ?? "";
  assert.match(message, /^\[powercontext-fold: the context window passed 75% of the serving budget\. At 80% /);
  assert.match(message, /fold_context \{"action":"fold"/);
  assert.ok(!message.includes("passed 25%") && !message.includes("passed 50%"));
});
