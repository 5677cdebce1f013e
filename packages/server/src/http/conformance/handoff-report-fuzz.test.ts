// Generated malformed requests against the 14 Handoff Report operations, over a catalog with one of everything:
// none may produce a 5xx, and every refusal is in the envelope.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HANDOFF_REPORT_OPERATIONS, OPERATION_ROUTES } from "@powercontext/protocol";
import { ENGINES, handoffReportWorld } from "../../testing/handoff-report-fixtures.ts";

/** A small deterministic PRNG (mulberry32) so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 53 + 2,
  0.5,
  "",
  " ",
  "\u0000",
  "\uD800",
  "x".repeat(3000),
  [],
  [1, "a"],
  {},
  "Mars/Olympus",
  "2026-13-40T99:99:99Z",
  "2026-12-31T23:59:60Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999999999+14:00",
  "c1.",
  "c1.AAAA",
  "../x",
  "https://u:p@h/x",
  "git_commit",
  "archived",
  "zh-CN",
  1,
];

function mutate(valid: Record<string, unknown>, next: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const body: Record<string, unknown> = structuredClone(valid);
  const keys = Object.keys(body);
  const key = pick(keys);
  switch (Math.floor(next() * 4)) {
    case 0:
      body[key] = pick(ODD_VALUES);
      return body;
    case 1:
      delete body[key];
      return body;
    case 2: {
      const value = body[key];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const inner = value as Record<string, unknown>;
        inner[pick(Object.keys(inner).concat("zz"))] = pick(ODD_VALUES);
      } else body[key] = pick(ODD_VALUES);
      return body;
    }
    default:
      body[`extra_${Math.floor(next() * 3)}`] = pick(ODD_VALUES);
      return body;
  }
}

for (const [engine, open] of Object.entries(ENGINES)) {
  test(`${engine}: 1,400 generated malformed Handoff Report requests never produce a 5xx and keep the envelope`, async (t) => {
    const { app, valid } = await handoffReportWorld(t, await open());
    const next = random(20261202);
    for (let i = 0; i < 1400; i += 1) {
      const operation = HANDOFF_REPORT_OPERATIONS[i % HANDOFF_REPORT_OPERATIONS.length] as string;
      const body = mutate(valid[operation] as Record<string, unknown>, next);
      const response = await app.app.inject({
        method: "POST",
        url: OPERATION_ROUTES[operation as keyof typeof OPERATION_ROUTES].path,
        payload: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      const shown = `${operation} ${JSON.stringify(body).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      assert.ok(response.statusCode < 500, shown);
      if (response.statusCode >= 400) assert.ok("error" in response.json(), shown);
    }
  });
}
