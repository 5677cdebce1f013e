// Where the dashboard's browser tests save their screenshot of each view. By default a folder under the OS temp
// directory, so that a test run leaves the work tree clean; POWERCONTEXT_DASHBOARD_SCREENSHOTS names another folder
// (`docs/dashboard` refreshes the pictures docs/dashboard.md shows). Only the SQLite run takes them.
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import type { Engine } from "./dashboard-server.ts";

export const SCREENSHOTS_SETTING = "POWERCONTEXT_DASHBOARD_SCREENSHOTS";

/** The folder the screenshots go to (created when missing); a relative setting is taken from the working directory. */
export function screenshotFolder(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[SCREENSHOTS_SETTING]?.trim();
  const folder = chosen ? resolve(chosen) : join(tmpdir(), "powercontext-dashboard-screenshots");
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Saves the page as `<name>.png` in the screenshot folder, from the SQLite run only (one picture per view). */
export async function saveScreenshot(page: Page, engine: Engine, name: string): Promise<void> {
  if (engine !== "sqlite") return;
  await page.screenshot({ path: join(screenshotFolder(), `${name}.png`), fullPage: false });
}
