// The review inbox in headless Chromium against a real Server process on each store: bulk decisions by selection,
// a decision someone else made first shown to the reviewer, and 100 candidates cleared with the keyboard alone (the
// time it took is printed for docs/dashboard.md).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Browser } from "playwright-core";
import {
  captureAndFlush,
  type DashboardServer,
  ENGINES,
  openDashboard,
  pageErrors,
  pendingCandidates,
} from "../src/testing/dashboard-server.ts";
import { useDashboardSuite } from "../src/testing/dashboard-suite.ts";
import { saveScreenshot } from "../src/testing/screenshots.ts";

const TOOLS = ["pnpm", "vitest", "biome", "fastify", "postgres", "redis", "docker", "terraform", "kafka", "grafana"];
const AREAS = ["billing", "search", "checkout", "auth", "reports"];

/** Two candidates per Source (a decision and a rule), each saying something different. */
function sourcesFor(count: number, tag: string): string[] {
  return Array.from({ length: count / 2 }, (_, index) => {
    const tool = TOOLS[index % TOOLS.length];
    const area = AREAS[Math.floor(index / TOOLS.length) % AREAS.length];
    return `We decided to use ${tool} for the ${area} ${tag} module ${index}. Always run the ${area} ${tag} suite ${index} before merging ${tool}.`;
  });
}

async function decidedCounts(server: DashboardServer, scopeId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const status of ["pending", "approved", "rejected"]) {
    const page = await server.api("/v1/memory/candidates/list", { scope_id: scopeId, status, limit: 100 });
    counts[status] = page.candidates.length;
  }
  return counts;
}

for (const engine of ENGINES) {
  describe(`the review inbox on ${engine}`, () => {
    let server: DashboardServer;
    let browser: Browser;
    useDashboardSuite(engine, (opened) => {
      ({ server, browser } = opened);
    });

    it("approves and rejects candidates in bulk by selection, with their Source text beside them", async () => {
      const scope = "bulk";
      await captureAndFlush(server, scope, sourcesFor(6, "bulk"));
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/review`);
      await page.locator("li.candidate details summary").first().click();
      assert.match((await page.locator("li.candidate pre.source").first().textContent()) ?? "", /We decided to use/);
      await saveScreenshot(page, engine, "review");
      const boxes = page.locator('li.candidate input[name="item"]');
      for (const index of [0, 1, 2]) await boxes.nth(index).check();
      await Promise.all([page.waitForURL(/done=3/), page.click('button[value="approve"]')]);
      assert.match((await page.locator("div.notice").textContent()) ?? "", /3 decided\./);
      for (const index of [0, 1]) await boxes.nth(index).check();
      await page.fill('input[name="reason"]', "Too specific to remember.");
      await Promise.all([page.waitForURL(/done=2/), page.click('button[value="reject"]')]);
      assert.deepEqual(await decidedCounts(server, scope), { pending: 1, approved: 3, rejected: 2 });
      const rejected = await server.api("/v1/memory/candidates/list", { scope_id: scope, status: "rejected" });
      assert.equal(rejected.candidates[0].decision_reason, "Too specific to remember.");
      assert.equal(rejected.candidates[0].reviewer, "dashboard");
      assert.deepEqual(pageErrors(page), []);
    });

    it("tells the reviewer when someone else decided or changed a candidate first", async () => {
      const scope = "conflict";
      await captureAndFlush(server, scope, sourcesFor(2, "conflict"));
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/review`);
      const [first, second] = await pendingCandidates(server, scope);
      await server.api("/v1/memory/candidates/approve", {
        scope_id: scope,
        candidate_id: first.candidate_id,
        expected_version: 1,
      });
      await server.api("/v1/memory/candidates/revise", {
        scope_id: scope,
        candidate_id: second.candidate_id,
        expected_version: 1,
        proposal: { kind: "rule", text: "Someone else's wording." },
      });
      await page.keyboard.press("a");
      const firstRow = page.locator(`li.candidate[data-id="${first.candidate_id}"]`);
      await firstRow.locator(".item-status:not(:empty)").waitFor();
      assert.match(
        (await firstRow.locator(".item-status").textContent()) ?? "",
        /Someone else decided this candidate first: it is already approved\./,
      );
      await page.keyboard.press("j");
      await page.keyboard.press("r");
      const secondRow = page.locator(`li.candidate[data-id="${second.candidate_id}"]`);
      await secondRow.locator(".item-status:not(:empty)").waitFor();
      assert.match((await secondRow.locator(".item-status").textContent()) ?? "", /now at version 2\)\. Reload/);
      await saveScreenshot(page, engine, "review-conflict");
      assert.deepEqual(await decidedCounts(server, scope), { pending: 1, approved: 1, rejected: 0 });
    });

    it("clears 100 pending candidates with the keyboard alone in under a minute", async () => {
      const scope = "keyboard";
      await captureAndFlush(server, scope, sourcesFor(100, "keys"));
      assert.equal((await pendingCandidates(server, scope)).length, 100);
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/review`);
      const started = performance.now();
      // A reviewer's pace: revise one (e, type, Ctrl+Enter), reject every tenth, approve the rest.
      await page.keyboard.press("e");
      await page.keyboard.press("End");
      await page.keyboard.type(" (checked)");
      await page.keyboard.press("Control+Enter");
      await page.locator("li.candidate.current .item-status", { hasText: "Revised." }).waitFor();
      for (let index = 0; index < 100; index += 1) await page.keyboard.press(index % 10 === 9 ? "r" : "a");
      await page.waitForSelector("#review-status[data-cleared]");
      const seconds = (performance.now() - started) / 1000;
      console.log(`dashboard keyboard review (${engine}): 100 candidates cleared in ${seconds.toFixed(1)} s`);
      assert.ok(seconds < 60, `took ${seconds} s`);
      assert.deepEqual(await decidedCounts(server, scope), { pending: 0, approved: 90, rejected: 10 });
      assert.deepEqual(pageErrors(page), []);
    });
  });
}
