// Experience and Skill candidates in the review inbox, in headless Chromium against a real Server process on each
// store: shown with the Source text they cite, rejected by selection, approved and revised with the keyboard, and a
// version conflict (someone revised it meanwhile) told to the reviewer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { type DashboardServer, ENGINES, openDashboard, pageErrors } from "../src/testing/dashboard-server.ts";
import { useDashboardSuite } from "../src/testing/dashboard-suite.ts";
import { saveScreenshot } from "../src/testing/screenshots.ts";

const SOURCE_TEXT = "Billing migrations failed on CI until the migration tool was pinned to 4.2.";
const EXPERIENCE = {
  situation: "Billing migrations failed on CI.",
  action: "Pinned the migration tool version.",
  outcome: "CI passed.",
  lesson: "Pin schema tooling in CI.",
};
const SKILL = {
  name: "Pin schema tooling",
  description: "Use when schema migrations fail on CI after a tool upgrade.",
  instructions: "1. Find the migration tool version CI installs.\n2. Pin it in the lock file.",
  validation: ["CI migrations pass twice in a row"],
};

async function statuses(server: DashboardServer, scopeId: string): Promise<Record<string, string[]>> {
  const byStatus: Record<string, string[]> = {};
  for (const status of ["pending", "approved", "rejected"]) {
    const page = await server.api("/v1/artifact-candidates/list", { scope_id: scopeId, status });
    byStatus[status] = page.candidates.map((candidate: { candidate_id: string }) => candidate.candidate_id);
  }
  return byStatus;
}

/** Moves the inbox's current row to the candidate with the keyboard alone (j from the top). */
async function moveTo(page: Page, candidateId: string): Promise<void> {
  const ids = await page.locator("li.candidate:not(.sent)").evaluateAll((rows) => rows.map((row) => row.id));
  for (let press = 0; press < 30; press += 1) await page.keyboard.press("k");
  for (let press = 0; press < ids.indexOf(`c-${candidateId}`); press += 1) await page.keyboard.press("j");
}

/** Replaces the text of the focused field: select all, type. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
}

for (const engine of ENGINES) {
  describe(`Experience and Skill candidates in the review inbox on ${engine}`, () => {
    let server: DashboardServer;
    let browser: Browser;
    useDashboardSuite(engine, (opened) => {
      ({ server, browser } = opened);
    });

    it("shows them with their Source, rejects by selection, approves by keyboard and reports a conflict", async () => {
      const scope = "artifacts";
      await server.api("/v1/sources/content", { scope_id: scope, source_id: "ci-log", content: SOURCE_TEXT });
      const evidence = { scope_id: scope, source_refs: [{ name: "content", source_id: "ci-log" }], artifact_refs: [] };
      const approved = await server.api("/v1/experience/propose", { ...evidence, proposal: EXPERIENCE });
      const changed = await server.api("/v1/experience/propose", {
        ...evidence,
        proposal: { ...EXPERIENCE, lesson: "Pin every tool CI installs." },
      });
      const rejected = await server.api("/v1/skill/propose", { ...evidence, proposal: SKILL });
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/review`);
      const row = (candidate: { candidate_id: string }) =>
        page.locator(`li.candidate.artifact[data-id="${candidate.candidate_id}"]`);
      await row(approved).locator("details summary").click();
      assert.match((await row(approved).locator("pre.source").textContent()) ?? "", /pinned to 4\.2/);
      assert.match((await row(approved).textContent()) ?? "", /Pin schema tooling in CI\./);
      await saveScreenshot(page, engine, "review-artifacts");

      await row(rejected).locator('input[name="item"]').check();
      await page.fill('input[name="reason"]', "Too narrow for a Skill.");
      await Promise.all([page.waitForURL(/done=1/), page.click('button[value="reject"]')]);

      // Someone revises one after the page loaded: deciding it with the page's version is refused and said so.
      await server.api("/v1/artifact-candidates/revise", {
        ...evidence,
        candidate_id: changed.candidate_id,
        expected_version: 1,
        proposal: { ...EXPERIENCE, lesson: "Someone else's wording." },
      });
      await row(approved).locator(".text").first().click();
      await page.keyboard.press("a");
      await row(approved).waitFor({ state: "hidden" });
      await row(changed).locator(".text").first().click();
      await page.keyboard.press("a");
      await row(changed).locator(".item-status:not(:empty)").waitFor();
      assert.match((await row(changed).locator(".item-status").textContent()) ?? "", /now at version 2\)\. Reload/);

      assert.deepEqual(await statuses(server, scope), {
        pending: [changed.candidate_id],
        approved: [approved.candidate_id],
        rejected: [rejected.candidate_id],
      });
      const skill = await server.api("/v1/artifact-candidates/get", {
        scope_id: scope,
        candidate_id: rejected.candidate_id,
      });
      assert.equal(skill.decision_reason, "Too narrow for a Skill.");
      assert.deepEqual(
        pageErrors(page).filter((error) => !error.includes("status of 409")),
        [],
      );
    });

    it("revises an Experience and a Skill with the keyboard, keeping their evidence; a stale revision is refused", async () => {
      const scope = "artifacts-revise";
      await server.api("/v1/sources/content", { scope_id: scope, source_id: "ci-log", content: SOURCE_TEXT });
      const evidence = { scope_id: scope, source_refs: [{ name: "content", source_id: "ci-log" }], artifact_refs: [] };
      const lesson = await server.api("/v1/experience/propose", {
        ...evidence,
        proposal: EXPERIENCE,
        reason: "From CI.",
      });
      const skill = await server.api("/v1/skill/propose", { ...evidence, proposal: SKILL });
      const page = await openDashboard(browser, server);
      await page.goto(`${server.url}/ui/scopes/${scope}/review`);
      const row = (id: string) => page.locator(`li.candidate.artifact[data-id="${id}"]`);
      const get = (id: string) => server.api("/v1/artifact-candidates/get", { scope_id: scope, candidate_id: id });

      // e opens the editor on the first field; Tab walks the fields; Ctrl+Enter saves a new version.
      await moveTo(page, lesson.candidate_id);
      await page.keyboard.press("e");
      for (let press = 0; press < 3; press += 1) await page.keyboard.press("Tab");
      await retype(page, "Pin every schema tool CI installs.");
      await saveScreenshot(page, engine, "review-artifact-revise");
      await page.keyboard.press("Control+Enter");
      await row(lesson.candidate_id).locator(".item-status", { hasText: "Revised." }).waitFor();
      const revised = await get(lesson.candidate_id);
      assert.equal(revised.version, 2);
      assert.deepEqual(revised.proposal, { ...EXPERIENCE, lesson: "Pin every schema tool CI installs." });
      assert.deepEqual([revised.source_refs, revised.reason], [evidence.source_refs, "From CI."]);
      assert.equal(
        await row(lesson.candidate_id).locator('[data-field="lesson"]').textContent(),
        revised.proposal.lesson,
      );

      // A Skill's checks are one a line; the revised version is then approved with its new version number.
      await moveTo(page, skill.candidate_id);
      await page.keyboard.press("e");
      for (let press = 0; press < 3; press += 1) await page.keyboard.press("Tab");
      await page.keyboard.press("Control+End");
      await page.keyboard.type("\nThe lock file names the pinned version");
      await page.keyboard.press("Control+Enter");
      await row(skill.candidate_id).locator(".item-status", { hasText: "Revised." }).waitFor();
      assert.equal(await row(skill.candidate_id).locator('[data-field="validation"] li').count(), 2);
      // The row leaves the list at once; the decision is saved when the Server answers the form's post.
      const saved = page.waitForResponse((response) => response.request().method() === "POST");
      await page.keyboard.press("a");
      await row(skill.candidate_id).waitFor({ state: "hidden" });
      await saved;
      const approvedSkill = await get(skill.candidate_id);
      assert.deepEqual([approvedSkill.status, approvedSkill.version], ["approved", 2]);
      assert.deepEqual(approvedSkill.proposal.validation, [
        ...SKILL.validation,
        "The lock file names the pinned version",
      ]);

      // Someone revises the Experience after the page showed version 2: this revision is refused, theirs kept.
      await server.api("/v1/artifact-candidates/revise", {
        ...evidence,
        candidate_id: lesson.candidate_id,
        expected_version: 2,
        proposal: { ...EXPERIENCE, lesson: "Someone else's wording." },
      });
      await moveTo(page, lesson.candidate_id);
      await page.keyboard.press("e");
      await retype(page, "A stale situation.");
      await page.keyboard.press("Control+Enter");
      await row(lesson.candidate_id).locator(".item-status", { hasText: "now at version 3" }).waitFor();
      const kept = await get(lesson.candidate_id);
      assert.deepEqual(
        [kept.version, kept.proposal.lesson, kept.proposal.situation],
        [3, "Someone else's wording.", EXPERIENCE.situation],
      );
      assert.deepEqual(
        pageErrors(page).filter((error) => !error.includes("status of 409")),
        [],
      );
    });
  });
}
