// Purge in the dashboard, in headless Chromium against a real Server process on each store: nothing goes until the
// person types the scope id (as at the terminal), then the entry is gone and the page shows the purge's audit record.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { type DashboardServer, ENGINES, openDashboard, pageErrors } from "../src/testing/dashboard-server.ts";
import { useDashboardSuite } from "../src/testing/dashboard-suite.ts";
import { saveScreenshot } from "../src/testing/screenshots.ts";

for (const engine of ENGINES) {
  describe(`purge in the dashboard on ${engine}`, () => {
    let server: DashboardServer;
    let browser: Browser;
    useDashboardSuite(engine, (opened) => {
      ({ server, browser } = opened);
    });

    it("purges an entry only after the scope id is typed, and shows the audit record", async () => {
      const scope = "purge-entry";
      const kept = await server.api("/v1/memory/remember", { scope_id: scope, kind: "fact", text: "Keep this one." });
      const doomed = await server.api("/v1/memory/remember", {
        scope_id: scope,
        kind: "fact",
        text: "The staging password was pasted here.",
      });
      const entryId: string = doomed.entry.citation.entry_id;
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/memory/${entryId}`);
      await Promise.all([page.waitForURL(/\/purge\?target=entry/), page.click("#purge-entry")]);
      assert.match((await page.locator("#purge").textContent()) ?? "", /permanently deletes Memory entry/);
      // A wrong answer purges nothing.
      await page.fill('#purge input[name="confirm"]', entryId);
      await page.click('#purge button[type="submit"]');
      await page.locator("div.notice .refused").waitFor();
      assert.match((await page.locator("div.notice").textContent()) ?? "", /Not confirmed: nothing was purged/);
      await saveScreenshot(page, engine, "purge");
      assert.deepEqual((await server.api("/v1/purge/list", { scope_id: scope })).purges, []);
      await page.fill('#purge input[name="confirm"]', scope);
      await page.click('#purge button[type="submit"]');
      const result = (await page.locator("#purge-result").textContent()) ?? "";
      assert.match(result, new RegExp(`Purged entry ${entryId} of scope ${scope} \\(audit record \\d+\\)`));
      assert.match(result, /1 entries/);
      const purges = (await server.api("/v1/purge/list", { scope_id: scope })).purges;
      assert.equal(purges.length, 1);
      assert.equal(purges[0].target_id, entryId);
      const gone = await fetch(`${server.url}/ui/scopes/${scope}/memory/${entryId}`, {
        headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
      });
      assert.equal(gone.status, 404);
      await page.goto(`${server.url}/ui/scopes/${scope}/memory/${kept.entry.citation.entry_id}`);
      assert.match((await page.locator("blockquote.current").textContent()) ?? "", /Keep this one\./);
      // The refused confirmation answered 400, which the browser logs; nothing else may show.
      assert.deepEqual(
        pageErrors(page).filter((error) => !error.includes("status of 400")),
        [],
      );
    });

    it("purges a Source from the timeline after the scope id is typed", async () => {
      const scope = "purge-source";
      await server.api("/v1/sources/content", { scope_id: scope, source_id: "leaky", content: "A leaked line." });
      await server.api("/v1/sources/content", { scope_id: scope, source_id: "fine", content: "A fine line." });
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/timeline`);
      const link = page.locator("ol.sources li", { hasText: "leaky" }).locator('a[href*="/purge?target=source"]');
      await Promise.all([page.waitForURL(/\/purge\?target=source/), link.click()]);
      await page.fill('#purge input[name="confirm"]', scope);
      await page.click('#purge button[type="submit"]');
      assert.match(
        (await page.locator("#purge-result").textContent()) ?? "",
        new RegExp(`Purged source leaky of scope ${scope} \\(audit record \\d+\\): 1 Sources`),
      );
      await page.goto(`${server.url}/ui/scopes/${scope}/timeline`);
      const timeline = (await page.locator("ol.sources").textContent()) ?? "";
      assert.doesNotMatch(timeline, /A leaked line\./);
      assert.match(timeline, /A fine line\./);
      assert.deepEqual(pageErrors(page), []);
    });

    it("purges a whole scope from the Memory tab after the scope id is typed", async () => {
      const scope = "purge-scope";
      await server.api("/v1/memory/remember", { scope_id: scope, kind: "fact", text: "Gone with the scope." });
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/memory`);
      await Promise.all([page.waitForURL(/\/purge\?target=scope/), page.click("#purge-scope")]);
      assert.match((await page.locator("#purge").textContent()) ?? "", /permanently deletes everything in scope/);
      await page.fill('#purge input[name="confirm"]', scope);
      await page.click('#purge button[type="submit"]');
      assert.match(
        (await page.locator("#purge-result").textContent()) ?? "",
        new RegExp(`Purged scope ${scope} of scope ${scope} \\(audit record \\d+\\)`),
      );
      const listed = await server.api("/v1/memory/entries/list", { scope_id: scope });
      assert.deepEqual(listed.entries, []);
      assert.deepEqual(pageErrors(page), []);
    });

    it("refuses a purge post without the session's CSRF token", async () => {
      const scope = "purge-csrf";
      await server.api("/v1/memory/remember", { scope_id: scope, kind: "fact", text: "Still here." });
      const page = await openDashboard(browser, server);
      const status = await page.evaluate(
        async ([url, scopeId]) => {
          const body = new URLSearchParams({ target: "scope", id: "", confirm: scopeId as string, csrf: "forged" });
          return (await fetch(`${url}/ui/scopes/${scopeId}/purge`, { method: "POST", body })).status;
        },
        [server.url, scope],
      );
      assert.equal(status, 403);
      assert.deepEqual((await server.api("/v1/purge/list", { scope_id: scope })).purges, []);
    });
  });
}
