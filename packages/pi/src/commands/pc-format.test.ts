import assert from "node:assert/strict";
import { test } from "node:test";
import { LINE_WIDTH } from "@powercontext/pi-kit";
import type { ScopedStats } from "@powercontext/protocol";
import { formatDoctor, formatFailure, formatFlush, formatRemember, formatSearch, formatStats } from "./pc-format.ts";

const REF = { family: "memory", artifact_id: "mem", revision: 7 };
const fits = (text: string) => text.split("\n").every((line) => [...line].length <= LINE_WIDTH);

function stats(): ScopedStats {
  const period = { preset: "30d" as const, start_date: "2026-11-03", end_date: "2026-12-02", timezone: "UTC" as const };
  const usage = { requests: 3, input_tokens: 1200, output_tokens: 300 };
  const none = { requests: 0, input_tokens: 0, output_tokens: 0 };
  const daily = Array.from({ length: 30 }, (_, day) => ({
    date: `2026-11-${day}`,
    generation: usage,
    embedding: none,
    by_purpose: [],
  }));
  return {
    scope_id: "git:github.com/acme/shop",
    as_of: "2026-12-02T09:00:00Z",
    inventory: {
      sources: { total: 12, memory_processed: 10, memory_pending: 2 },
      artifacts: { total: 0, by_family: [] },
      candidates: { total: 5, pending: 1, approved: 3, rejected: 1, by_family: [] },
      memory: { entries: { total: 8, active: 7, inactive: 1, by_kind: [] } },
    },
    usage: { period, totals: { generation: usage, embedding: none }, by_purpose: [], daily },
    recall: {
      period,
      estimator: null,
      totals: {
        preparations: 14,
        ready_preparations: 10,
        comparable_preparations: 10,
        baseline_tokens: 12000,
        recalled_tokens: 3000,
        token_reduction: 9000,
      },
      daily: [],
    },
  };
}

test("/pc stats is a small aligned table of the period, whatever the daily rows", () => {
  const text = formatStats(stats());
  assert.ok(text.split("\n").length <= 12, text);
  assert.ok(fits(text), text);
  assert.match(text, /^Last 30 days \(2026-11-03 to 2026-12-02 UTC\) · scope git:github\.com\/acme\/shop$/m);
  assert.match(text, /^Sources +12 +10 in Memory, 2 pending$/m);
  assert.match(text, /^Recall tokens +3,000 +of 12,000 baseline \(saved 9,000\)$/m);
  assert.match(text, /^Generation +3 +model requests, 1,200 tokens in \/ 300 out$/m);
  assert.match(text, /^Candidates +5 +3 approved, 1 rejected, 1 pending$/m);
});

test("/pc search lists the hits on one line each, cut to the width", () => {
  const hit = (text: string, score: number) => ({
    citation: { memory_ref: REF, entry_id: "e", entry_version_id: "v" },
    text,
    score,
    matched_by: ["fts" as const],
  });
  const text = formatSearch("deploy", {
    memory: REF,
    mode: "hybrid",
    hits: [hit("Deploy from\nrelease", 0.9), hit("x".repeat(200), 0.25)],
  });
  assert.deepEqual(text.split("\n").slice(0, 2), ['2 entries for "deploy" (hybrid):', "1.  0.90  Deploy from release"]);
  assert.ok(fits(text));
  assert.equal(formatSearch("none", { memory: null, mode: null, hits: [] }), 'No Memory entry matches "none".');
});

test("/pc remember and /pc flush answer in one line", () => {
  assert.equal(formatRemember({ memory: REF, entry: null }), "Already in Memory; nothing new saved (revision 7).");
  const flush = { previous_cursor: 2, current_cursor: 5, high_watermark: 5, processed_source_count: 3, memory: REF };
  assert.equal(
    formatFlush({ status: "processed", ...flush }),
    "Flushed 3 Sources into Memory (cursor 2 → 5, Memory revision 7).",
  );
  assert.equal(
    formatFlush({ status: "idle", ...flush, previous_cursor: 5, processed_source_count: 0, memory: null }),
    "Nothing to flush: Memory is up to date (cursor 5).",
  );
});

test("/pc doctor names the Server's state for the person", () => {
  const up = { ok: true as const, status: 200, data: {} };
  const down = { ok: false as const, code: "unavailable", message: "PowerContext is unavailable, continue the task." };
  const url = "http://127.0.0.1:8000";
  assert.equal(formatDoctor({ base_url: url, live: up, ready: up }), `PowerContext Server at ${url} is up and ready.`);
  assert.match(
    formatDoctor({ base_url: url, live: down, ready: down }),
    /is not reachable\.\nStart it with `powercontext server run`/,
  );
  assert.match(
    formatDoctor({ base_url: url, live: up, ready: { ...down, status: 503 } }),
    /answers but is not ready \(HTTP 503: unavailable\)/,
  );
  assert.match(
    formatDoctor({
      base_url: url,
      live: { ok: false, code: "authentication_failed", message: "", status: 401 },
      ready: down,
    }),
    /refused the credentials/,
  );
});

test("failures: a decline is a neutral notice, the rest say what to do", () => {
  const url = "http://127.0.0.1:8000";
  assert.deepEqual(formatFailure({ ok: false, code: "cancelled", message: "m" }, url), {
    text: "Declined: nothing was written.",
    level: "info",
  });
  assert.equal(formatFailure({ ok: false, code: "unavailable", message: "m" }, url).level, "warning");
  assert.match(
    formatFailure({ ok: false, code: "unavailable", message: "m" }, url).text,
    /did not answer; nothing was sent/,
  );
  assert.deepEqual(formatFailure({ ok: false, code: "conflict", message: "Stale." }, url), {
    text: "Stale. (conflict)",
    level: "error",
  });
  const modelWords = {
    ok: false as const,
    code: "runtime_not_ready",
    message: "PowerContext is unavailable, continue the task.",
    status: 503,
  };
  assert.equal(
    formatFailure(modelWords, url).text,
    "The PowerContext Server could not do it; it answered with HTTP 503 (runtime_not_ready)",
  );
  assert.match(
    formatFailure({ ok: false, code: "invalid_response", message: "x" }, url).text,
    /answered with something invalid/,
  );
});
