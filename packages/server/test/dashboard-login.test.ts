// The dashboard's access rules in headless Chromium against a real Server process on each store: with a token,
// nothing is readable before the login step, which leaves only an HttpOnly, SameSite=Strict cookie; form posts need
// the session's CSRF token and a same-origin request; the API under /v1 still wants its bearer token.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Browser } from "playwright-core";
import {
  captureAndFlush,
  type DashboardServer,
  ENGINES,
  openDashboard,
  pendingCandidates,
  TEST_TOKEN,
} from "../src/testing/dashboard-server.ts";
import { useDashboardSuite } from "../src/testing/dashboard-suite.ts";
import { saveScreenshot } from "../src/testing/screenshots.ts";

for (const engine of ENGINES) {
  describe(`the dashboard's login and form checks on ${engine}`, () => {
    let server: DashboardServer;
    let browser: Browser;
    useDashboardSuite(engine, (opened) => {
      ({ server, browser } = opened);
    });

    it("shows nothing before the login step and keeps the session in an HttpOnly, SameSite=Strict cookie", async () => {
      await server.api("/v1/memory/remember", { scope_id: "private", kind: "fact", text: "A private memory." });
      const context = await browser.newContext();
      const page = await context.newPage();
      for (const path of ["/", "/ui/scopes/private/memory", "/ui/scopes/private/review"]) {
        await page.goto(`${server.url}${path}`);
        assert.equal(new URL(page.url()).pathname, "/ui/login", path);
        assert.equal((await page.content()).includes("private"), false, path);
      }
      await saveScreenshot(page, engine, "login");
      await page.fill('input[name="token"]', "not-the-token-at-all-00000");
      await page.click('button[type="submit"]');
      assert.match((await page.locator('[role="alert"]').textContent()) ?? "", /not the Server's token/);
      await page.fill('input[name="token"]', TEST_TOKEN);
      await Promise.all([page.waitForURL(`${server.url}/`), page.click('button[type="submit"]')]);
      assert.match((await page.locator("#scopes").textContent()) ?? "", /private/);
      assert.equal(await page.evaluate(() => document.cookie), "", "the session cookie is not readable by scripts");
      const [cookie] = await context.cookies();
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, "Strict");
      assert.equal((await page.content()).includes(TEST_TOKEN), false, "the token is never echoed");
      const api = await page.evaluate(async () => (await fetch("/v1/memory/entries/list", { method: "POST" })).status);
      assert.equal(api, 401, "the cookie does not open the API");
      await Promise.all([page.waitForURL(/\/ui\/login$/), page.click(".logout button")]);
      await page.goto(`${server.url}/`);
      assert.equal(new URL(page.url()).pathname, "/ui/login");
      await context.close();
    });

    it("refuses form posts without the session's CSRF token or from another origin, changing nothing", async () => {
      const scope = "csrf";
      await captureAndFlush(server, scope, ["We decided to use pnpm for the csrf module."]);
      const [candidate] = await pendingCandidates(server, scope);
      const page = await openDashboard(browser, server);
      const url = `${server.url}/ui/scopes/${scope}/review`;
      await page.goto(url);
      const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
      const item = `${candidate.candidate_id}:${candidate.version}`;
      const request = page.context().request;
      const withoutToken = await request.post(url, { form: { action: "approve", item } });
      assert.equal(withoutToken.status(), 403);
      const wrongToken = await request.post(url, { form: { action: "approve", item, csrf: "0".repeat(64) } });
      assert.equal(wrongToken.status(), 403);
      const crossOrigin = await request.post(url, {
        form: { action: "approve", item, csrf },
        headers: { origin: "http://attacker.example" },
      });
      assert.equal(crossOrigin.status(), 403);
      const crossSite = await request.post(url, {
        form: { action: "approve", item, csrf },
        headers: { "sec-fetch-site": "cross-site" },
      });
      assert.equal(crossSite.status(), 403);
      assert.equal((await pendingCandidates(server, scope)).length, 1, "nothing was decided");
      const accepted = await request.post(url, { form: { action: "approve", item, csrf }, maxRedirects: 0 });
      assert.equal(accepted.status(), 303);
      assert.equal((await pendingCandidates(server, scope)).length, 0);
    });
  });
}

describe("the dashboard without a token", () => {
  let server: DashboardServer;
  let browser: Browser;
  useDashboardSuite(
    "sqlite",
    (opened) => {
      ({ server, browser } = opened);
    },
    {},
  );

  it("opens without a login step on its loopback Server and still checks each form post's CSRF token", async () => {
    await server.api("/v1/memory/remember", { scope_id: "open", kind: "fact", text: "An open memory." });
    const page = await openDashboard(browser, server);
    assert.equal(new URL(page.url()).pathname, "/");
    assert.match((await page.locator("#scopes").textContent()) ?? "", /open/);
    const refused = await page.context().request.post(`${server.url}/ui/scopes/open/review`, {
      form: { action: "approve", item: "mcand_x:1" },
    });
    assert.equal(refused.status(), 403);
  });
});
