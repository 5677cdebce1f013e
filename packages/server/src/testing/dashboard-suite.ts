// One suite's dashboard for the browser tests: a real Server (startDashboardServer) and a Chromium, opened before the
// suite's tests and closed after them, in the order that frees the PostgreSQL schema last.
import { after, before } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { type DashboardServer, type Engine, startDashboardServer } from "./dashboard-server.ts";

export interface OpenedDashboard {
  server: DashboardServer;
  browser: Browser;
}

/** Registers the suite's before/after hooks; `opened` receives the Server and the browser once both are up. */
export function useDashboardSuite(
  engine: Engine,
  opened: (dashboard: OpenedDashboard) => void,
  env?: Record<string, string>,
): void {
  const teardowns: Array<() => unknown> = [];
  let browser: Browser | undefined;
  before(async () => {
    const server = await startDashboardServer((teardown) => teardowns.unshift(teardown), engine, env);
    browser = await launchBrowser();
    opened({ server, browser });
  });
  after(async () => {
    await browser?.close();
    for (const teardown of teardowns) await teardown();
  });
}
