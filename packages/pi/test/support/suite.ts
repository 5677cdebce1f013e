// Per-file fixture of the real-Pi tests: one fake model and one real Server (behind the recording proxy).
import { after, before } from "node:test";
import { startFakeModel, type ChatRequest, type FakeModel } from "./fake-model.ts";
import { makeHome, startPi, type HermeticHome, type PiProcess, type PiVersion, type StartOptions } from "./pi-rpc.ts";
import { startTestServer, type TestServer } from "./powercontext-server.ts";
import type { RecordedRequest } from "./recording-proxy.ts";

export interface Suite {
  model: FakeModel;
  server: TestServer;
  /** A fresh hermetic home (its cwd gives a fresh local: Scope). */
  home(settings?: Record<string, unknown>): HermeticHome;
  /** Starts Pi against this suite's Server; stopped after the test file unless stopped earlier. */
  pi(
    version: PiVersion,
    options?: Omit<StartOptions, "version" | "home"> & { home?: HermeticHome },
  ): Promise<PiProcess>;
  /**
   * One default Pi process per version, shared by the tests of a file; each later use starts a new session first
   * (Pi then reloads the extension), so tests do not see each other's conversation or pending state.
   */
  shared(version: PiVersion): Promise<PiProcess>;
  /** Proxy requests recorded since `mark()`. */
  mark(): number;
  since(mark: number, path?: string): RecordedRequest[];
  modelSince(mark: number): ChatRequest[];
  /** Polls the proxy until `count` requests to `path` were answered since `mark`. */
  waitForRequests(mark: number, path: string, count?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
}

export function setupSuite(serverEnv: Record<string, string> = {}): Suite {
  const running: PiProcess[] = [];
  const shared = new Map<string, PiProcess>();
  const suite = {
    home: (settings?: Record<string, unknown>) => makeHome(suite.model.baseUrl, settings),
    async pi(version, options = {}) {
      const { home = suite.home(), env = {}, args } = options;
      const pi = await startPi({
        version,
        home,
        env: { POWERCONTEXT_PI_BASE_URL: suite.server.url, ...env },
        ...(args === undefined ? {} : { args }),
      });
      running.push(pi);
      return pi;
    },
    async shared(version) {
      const existing = shared.get(version.name);
      if (existing !== undefined) {
        existing.respondUi = (request) =>
          request.method === "confirm" ? { confirmed: true } : request.method === "notify" ? null : { cancelled: true };
        const response = await existing.send({ type: "new_session" });
        if (response.success !== true) throw new Error(`new_session failed: ${JSON.stringify(response)}`);
        return existing;
      }
      const pi = await suite.pi(version);
      shared.set(version.name, pi);
      return pi;
    },
    mark: () => suite.server.proxy.requests.length,
    since: (mark, path) =>
      suite.server.proxy.requests
        .slice(mark)
        .filter((request) => path === undefined || request.path.split("?")[0] === path),
    modelSince: (mark) => suite.model.requests.slice(mark),
    async waitForRequests(mark, path, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = suite
          .since(mark, path)
          .filter((request) => request.status !== 0 || request.response !== undefined);
        if (seen.length >= count) return seen;
        if (Date.now() > deadline) throw new Error(`expected ${count} answered ${path} request(s), saw ${seen.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  } as Suite;
  before(async () => {
    suite.model = await startFakeModel();
    suite.server = await startTestServer(serverEnv);
  });
  after(async () => {
    await Promise.all(running.map((pi) => pi.stop()));
    await suite.server.close();
    await suite.model.close();
  });
  return suite;
}

/** Stable tool-call prompt for the fake model. */
export function callTool(name: string, args: Record<string, unknown> = {}): string {
  return `CALL_TOOL:${name} ${JSON.stringify(args)}`;
}

/** The tool result the model received last (parsed JSON, or the raw text). */
export function lastToolResult(requests: ChatRequest[]): unknown {
  for (const request of [...requests].reverse()) {
    const message = request.messages.at(-1);
    if (message?.role === "tool") {
      const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
  }
  return undefined;
}
