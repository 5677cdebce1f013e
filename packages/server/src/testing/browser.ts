// Headless Chromium for end-to-end tests of the dashboard: Debian's `chromium` package driven by playwright-core
// (.ci/run installs the package when it is missing). Nothing is downloaded; background networking is off.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The dashboard tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (.ci/run does).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update"],
  });
}
