import assert from "node:assert/strict";
import { test } from "node:test";
import type { EntryOrigin } from "../../store/types.ts";
import { conversationCredit } from "./conversation-context.ts";

const at = (position: number, session_id: string | null = null): EntryOrigin => ({ position, session_id });
const OPTIONS = { window: 6, share: 0.5 };

const CASES: Array<[string, Record<string, number>, Record<string, EntryOrigin[]>, Record<string, number>]> = [
  [
    "an entry captured near a strong match is credited with a share of its score; the strong one gets nothing back",
    { strong: 0.8, near: 0.1 },
    { strong: [at(10)], near: [at(14)] },
    { near: 0.4 },
  ],
  [
    "entries further apart than the window lend nothing",
    { strong: 0.8, far: 0.1 },
    { strong: [at(10)], far: [at(17)] },
    {},
  ],
  [
    "the best neighbour counts, through any of an entry's Sources",
    { a: 0.2, b: 0.6, c: 0.4 },
    { a: [at(1), at(30)], b: [at(33)], c: [at(3)] },
    { a: 0.3 },
  ],
  [
    "two different sessions never lend each other context, even when interleaved",
    { mine: 0.8, theirs: 0.1, unnamed: 0.1 },
    { mine: [at(10, "s-1")], theirs: [at(11, "s-2")], unnamed: [at(12)] },
    { unnamed: 0.4 },
  ],
  [
    "an entry without an origin, or not among the scored ones, takes no part",
    { strong: 0.8, lost: 0.1 },
    { strong: [at(10)], unscored: [at(11)] },
    {},
  ],
  ["two Sources of one entry do not make it its own neighbour", { only: 0.9 }, { only: [at(1), at(2)] }, {}],
  [
    "the credit never lifts an entry above the one it borrows from",
    { strong: 0.8, close: 0.7 },
    { strong: [at(10)], close: [at(11)] },
    { close: 0.1 },
  ],
  [
    "entries extracted from one Source lend each other nothing",
    { first: 0.8, sibling: 0.1 },
    { first: [at(10)], sibling: [at(10)] },
    {},
  ],
];

for (const [name, scores, origins, expected] of CASES) {
  test(name, () => {
    const credit = conversationCredit(new Map(Object.entries(scores)), new Map(Object.entries(origins)), OPTIONS);
    const rounded = Object.fromEntries([...credit].map(([id, value]) => [id, Math.round(value * 1000) / 1000]));
    assert.deepEqual(rounded, expected);
  });
}
