// The dashboard in headless Chromium against a real Server process on each store: browsing, search, an entry's
// history and edits, the recall view, and stored XSS payloads staying inert. Screenshots of each view are saved
// from the SQLite run (src/testing/screenshots.ts says where).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Browser } from "playwright-core";
import {
  captureAndFlush,
  type DashboardServer,
  ENGINES,
  openDashboard,
  pageErrors,
} from "../src/testing/dashboard-server.ts";
import { useDashboardSuite } from "../src/testing/dashboard-suite.ts";
import { saveScreenshot } from "../src/testing/screenshots.ts";

/** A GitHub-token-shaped secret in a prompt: the recall view must show it redacted. */
const SECRET = `ghp_${"A1b2C3d4E5".repeat(3)}f6G7h8`;
const XSS = [
  "<script>window.__pcXss = 1</script>",
  '<img src="x" onerror="window.__pcXss = 2">',
  '"><svg onload="window.__pcXss = 3">',
  "</textarea></pre><script>window.__pcXss = 4</script>",
  "[click me](javascript:window.__pcXss=5) **bold** <b>markup</b>",
  "' autofocus onfocus='window.__pcXss = 6",
];

for (const engine of ENGINES) {
  describe(`the dashboard on ${engine}`, () => {
    let server: DashboardServer;
    let browser: Browser;
    useDashboardSuite(engine, (opened) => {
      ({ server, browser } = opened);
    });

    it("lists scopes with counts, searches Memory as recall ranks, and shows an entry's history with its Source", async () => {
      const scope = "acme/billing-service";
      await captureAndFlush(server, scope, [
        "We decided to use PostgreSQL 16 for the billing ledger. Always run the migration check before deploying.",
        "We decided to use pnpm instead of npm in every package of the monorepo.",
      ]);
      await server.api("/v1/memory/remember", {
        scope_id: scope,
        kind: "fact",
        text: "Invoices are sent on the first.",
      });
      const page = await openDashboard(browser, server);
      const row = page.locator("#scopes tbody tr", { hasText: scope });
      assert.deepEqual(await row.locator("td.num").allTextContents(), ["2", "1", "3", "0"]);
      await saveScreenshot(page, engine, "scopes");
      await row.locator("a").first().click();
      await page.fill('input[name="q"]', "when are invoices sent");
      await page.press('input[name="q"]', "Enter");
      await page.waitForURL(/q=when/);
      const hits = page.locator("#entries tbody tr");
      assert.equal(await hits.count(), 1);
      assert.match((await hits.first().textContent()) ?? "", /Invoices are sent on the first\./);
      await saveScreenshot(page, engine, "memory");

      await page.goto(`${server.url}/ui/scopes/${encodeURIComponent(scope)}/review`);
      for (let press = 0; press < 3; press += 1) await page.keyboard.press("a");
      await page.waitForSelector("#review-status[data-cleared]");
      // The listing's total and kind filter come with the page (one store read): they agree with the rows shown.
      await page.goto(`${server.url}/ui/scopes/${encodeURIComponent(scope)}/memory`);
      const listed = await page.locator("#entries tbody tr").count();
      assert.match((await page.locator("p.muted").first().textContent()) ?? "", new RegExp(`^${listed} entries`));
      assert.ok((await page.locator('select[name="kind"] option').allTextContents()).includes("fact"));
      await page.goto(`${server.url}/ui/scopes/${encodeURIComponent(scope)}/memory?kind=fact`);
      assert.match((await page.locator("p.muted").first().textContent()) ?? "", /^1 entries/);
      assert.equal(await page.locator("#entries tbody tr").count(), 1);
      await page.goto(`${server.url}/ui/scopes/${encodeURIComponent(scope)}/memory?q=PostgreSQL`);
      await page.locator("#entries tbody tr a").first().click();
      await page.locator(".history details summary").first().click();
      assert.match(
        (await page.locator(".history pre.source").first().textContent()) ?? "",
        /PostgreSQL 16 for the billing/,
      );
      await page.fill('form[action$="/revise"] textarea[name="text"]', "We use PostgreSQL 17 for the billing ledger.");
      await page.fill('form[action$="/revise"] input[name="reason"]', "upgraded");
      await Promise.all([page.waitForURL(/done=revised/), page.click('form[action$="/revise"] button')]);
      assert.equal(await page.locator(".history > li").count(), 2);
      assert.match((await page.locator("blockquote.current").textContent()) ?? "", /PostgreSQL 17/);
      await saveScreenshot(page, engine, "entry");
      const entryId = decodeURIComponent(new URL(page.url()).pathname.split("/")[5] ?? "");
      const current = await server.api("/v1/memory/entries/list", { scope_id: scope });
      const head = current.entries.find(
        (entry: { citation: { entry_id: string } }) => entry.citation.entry_id === entryId,
      );
      await server.api("/v1/memory/entries/revise", {
        scope_id: scope,
        citation: head.citation,
        kind: "decision",
        text: "We use PostgreSQL 18 for the billing ledger.",
      });
      await page.fill('form[action$="/revise"] textarea[name="text"]', "A stale edit.");
      await page.click('form[action$="/revise"] button');
      assert.match(
        (await page.locator(".notice .refused").textContent()) ?? "",
        /Memory changed after you loaded this entry/,
      );
      assert.match((await page.locator("blockquote.current").textContent()) ?? "", /PostgreSQL 18/);
      await page.fill('form[action$="/retire"] input[name="reason"]', "moved to the ledger service");
      await Promise.all([page.waitForURL(/done=retired/), page.click('form[action$="/retire"] button')]);
      assert.match((await page.locator(".notice").textContent()) ?? "", /Entry retired\./);
      // The stale edit's page is answered 409, which the browser reports; nothing else may show up.
      assert.deepEqual(pageErrors(page), [
        "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
      ]);
    });

    it("shows recent prepares with their scores and bytes, and the daily trend (prepares, hit rate, items, bytes, tokens) as charts and a table", async () => {
      const scope = "acme/recall";
      await server.api("/v1/memory/remember", {
        scope_id: scope,
        kind: "decision",
        text: "Deploys go out on Tuesdays.",
      });
      const ready = await server.api("/v1/context/prepare", {
        scope_id: scope,
        query: `When do deploys go out? token ${SECRET}`,
      });
      await server.api("/v1/context/prepare", { scope_id: scope, query: "Something unrelated entirely" });
      const page = await openDashboard(browser, server);
      // The Server writes its recall counters every second: reload until today's row counts both prepares.
      const today = page.locator("#recall-days tbody tr").last().locator("td");
      for (let attempt = 0; attempt < 50; attempt += 1) {
        await page.goto(`${server.url}/ui/scopes/${encodeURIComponent(scope)}/recall`);
        if ((await today.nth(1).textContent()) === "2") break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Date, prepares, ready, hit rate, items, bytes: one item of the ready prepare's bytes, none for the empty one.
      assert.deepEqual((await today.allTextContents()).slice(1, 6), [
        "2",
        "1",
        "50%",
        "1",
        String(ready.content_bytes),
      ]);
      assert.match((await page.locator("#recall-totals").textContent()) ?? "", /1 items in\s+\d+ bytes/);
      const recalls = page.locator(".recalls > li");
      assert.equal(await recalls.count(), 2);
      const readyRecall = recalls.nth(1);
      assert.match((await readyRecall.textContent()) ?? "", /ready · 1 items · \d+ bytes/);
      assert.match((await readyRecall.locator("td.num").first().textContent()) ?? "", /^0\.\d{3}$/);
      assert.equal((await page.content()).includes(SECRET), false, "a secret in a prompt stays redacted");
      assert.match(
        (await recalls.nth(1).locator("blockquote.prompt").textContent()) ?? "",
        /When do deploys go out\? token \[REDACTED:/,
      );
      await page.waitForSelector("#chart-recall .uplot canvas");
      await page.waitForSelector("#chart-items .uplot canvas");
      await page.waitForSelector("#chart-tokens .uplot canvas");
      await saveScreenshot(page, engine, "recall");
      await page.goto(`${server.url}/ui/scopes/${encodeURIComponent("acme/billing-service")}/timeline`);
      await page.waitForSelector("#chart-activity .uplot canvas");
      assert.equal(await page.locator(".sources > li").count(), 2);
      await saveScreenshot(page, engine, "timeline");
      assert.deepEqual(pageErrors(page), []);
    });

    it("renders stored script, attribute and markup payloads as inert text on every view", async () => {
      const scope = `xss-<b>scope</b>"'`;
      for (const [index, payload] of XSS.entries()) {
        await server.api("/v1/memory/remember", {
          scope_id: scope,
          kind: index === 1 ? payload : "fact",
          text: `Entry ${index} ${payload}`,
        });
      }
      await captureAndFlush(server, scope, [`We decided to use ${XSS[1]} for rendering. ${XSS[3]}`]);
      await server.api("/v1/context/prepare", { scope_id: scope, query: `Entry ${XSS[0]}` });
      const page = await openDashboard(browser, server);
      const base = `${server.url}/ui/scopes/${encodeURIComponent(scope)}`;
      for (const path of ["/memory", "/memory?state=all", "/review", "/recall", "/timeline"]) {
        await page.goto(`${base}${path}`);
        assert.equal(await page.evaluate(() => (window as { __pcXss?: number }).__pcXss), undefined, path);
        const scripts = await page.locator("script").evaluateAll((all) => all.map((s) => s.getAttribute("src")));
        assert.ok(
          scripts.every((src) => src?.startsWith("/ui/assets/")),
          `${path}: ${scripts.join(",")}`,
        );
        assert.equal(await page.locator("img, svg:not(.uplot svg), b").count(), 0, path);
      }
      await page.goto(`${base}/memory`);
      assert.ok((await page.locator("#entries").textContent())?.includes(XSS[0] ?? ""), "the payload shows as text");
      await page.locator("#entries tbody tr a").first().click();
      assert.equal(await page.evaluate(() => (window as { __pcXss?: number }).__pcXss), undefined);
      await page.goto(`${server.url}/`);
      assert.ok((await page.locator("#scopes").textContent())?.includes(scope));
      assert.deepEqual(pageErrors(page), []);
    });
  });
}
