// A real Server process for the dashboard's browser tests, on either store, with the API calls that seed it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { freshSchemaUrl, openTestPostgresStore, requirePostgres } from "./postgres.ts";
import { startServerProcess } from "./server-process.ts";

export type Engine = "sqlite" | "postgres";
export const ENGINES: readonly Engine[] = ["sqlite", "postgres"];
/** The token the dashboard tests configure, so that every page is seen after the login step. */
export const TEST_TOKEN = "dashboard-test-token-0123456789";

/** Registers teardown: `t.after` in a test, `after` in a suite. */
export type Cleanup = (teardown: () => unknown) => void;

export interface DashboardServer {
  url: string;
  token: string | null;
  /** POSTs an API operation and returns its JSON answer; throws on an error status. */
  // biome-ignore lint/suspicious/noExplicitAny: tests navigate arbitrary response JSON
  api(path: string, body: unknown): Promise<any>;
}

export async function startDashboardServer(
  cleanup: Cleanup,
  engine: Engine,
  env: Record<string, string> = { POWERCONTEXT_SERVER_TOKEN: TEST_TOKEN },
): Promise<DashboardServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-dashboard-"));
  cleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const storeEnv: Record<string, string> = {};
  if (engine === "postgres") {
    await requirePostgres();
    const url = freshSchemaUrl();
    storeEnv.POWERCONTEXT_SERVER_DATABASE_URL = url;
    // Runs after the Server is killed (t.after runs in reverse order): opening with drop-on-close removes the schema.
    cleanup(async () => (await openTestPostgresStore(url)).close());
  }
  const server = await startServerProcess(dataDir, { POWERCONTEXT_REVIEW_POLICY: "manual", ...storeEnv, ...env });
  cleanup(() => server.child.kill("SIGKILL"));
  const token = env.POWERCONTEXT_SERVER_TOKEN ?? null;
  return {
    url: server.url,
    token,
    async api(path, body) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.status >= 400) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    },
  };
}

/** Captures `contents` as Sources of `scopeId` and flushes until every one is processed (manual review: pending). */
export async function captureAndFlush(server: DashboardServer, scopeId: string, contents: string[]): Promise<void> {
  const offset = Date.now();
  for (const [index, content] of contents.entries()) {
    await server.api("/v1/sources/content", { scope_id: scopeId, source_id: `src-${offset}-${index}`, content });
  }
  for (;;) {
    const flushed = await server.api("/v1/memory/flush", { scope_id: scopeId });
    if (flushed.current_cursor >= flushed.high_watermark) return;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: candidates as the API answers them
export async function pendingCandidates(server: DashboardServer, scopeId: string): Promise<any[]> {
  return (await server.api("/v1/memory/candidates/list", { scope_id: scopeId, limit: 100 })).candidates;
}

const PAGE_ERRORS = new WeakMap<Page, string[]>();

/** Script errors, CSP violations and dialogs a page has seen (an XSS payload that ran or was blocked shows here). */
export function pageErrors(page: Page): string[] {
  return PAGE_ERRORS.get(page) ?? [];
}

/** A new page (own cookies) past the login step when the Server has a token, recording its errors (pageErrors). */
export async function openDashboard(browser: Browser, server: DashboardServer): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  PAGE_ERRORS.set(page, errors);
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("dialog", (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${server.url}/`);
  if (server.token !== null) {
    await page.fill('input[name="token"]', server.token);
    await Promise.all([page.waitForURL(`${server.url}/`), page.click('button[type="submit"]')]);
  }
  return page;
}
