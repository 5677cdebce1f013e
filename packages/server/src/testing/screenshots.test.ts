import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { SCREENSHOTS_SETTING, screenshotFolder } from "./screenshots.ts";

test("screenshots go under the OS temp directory unless the setting names a folder, which is created", (t) => {
  const unset = screenshotFolder({});
  assert.ok(unset.startsWith(tmpdir()), unset);
  assert.ok(!unset.startsWith(resolve(".")), "not in the work tree");
  const parent = mkdtempSync(join(tmpdir(), "pc-shots-"));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  const chosen = screenshotFolder({ [SCREENSHOTS_SETTING]: join(parent, "docs", "dashboard") });
  assert.equal(chosen, join(parent, "docs", "dashboard"));
  assert.ok(existsSync(chosen));
});
