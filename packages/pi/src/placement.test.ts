import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSettings } from "./config.ts";
import { decidePlacement, promptSections } from "./placement.ts";

test("auto is a section on hosts with prompt sections and the seed's system-prompt placement without", () => {
  assert.equal(decidePlacement("auto", true).placement, "section");
  const old = decidePlacement("auto", false);
  assert.equal(old.placement, "system-prompt");
  assert.match(old.reason, /before 0\.86/);
});

test("an explicit placement is kept, except a section on a host without sections", () => {
  assert.equal(decidePlacement("message", false).placement, "message");
  assert.equal(decidePlacement("system-prompt", true).placement, "system-prompt");
  assert.equal(decidePlacement("section", true).placement, "section");
  const fallback = decidePlacement("section", false);
  assert.equal(fallback.placement, "system-prompt");
  assert.match(fallback.reason, /^section was asked, but/);
});

test("prompt sections are found only where the host declares them", () => {
  assert.equal(promptSections(undefined), null);
  assert.equal(promptSections({ cwd: "/p" }), null);
  const sections = {};
  assert.equal(promptSections({ sections }), sections);
});

test("POWERCONTEXT_PI_RECALL_PLACEMENT defaults to auto and refuses other words", () => {
  assert.equal(loadSettings({}).recallPlacement, "auto");
  assert.equal(loadSettings({ POWERCONTEXT_PI_RECALL_PLACEMENT: " message " }).recallPlacement, "message");
  assert.throws(
    () => loadSettings({ POWERCONTEXT_PI_RECALL_PLACEMENT: "prefix" }),
    /POWERCONTEXT_PI_RECALL_PLACEMENT must be auto, system-prompt, section or message\./,
  );
});
