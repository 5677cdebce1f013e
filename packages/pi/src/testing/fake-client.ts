// A scripted PowerContextClient for unit tests: records every call and answers from a handler.
import type { OperationId, OperationResponse } from "@powercontext/protocol";
import type { ClientResponse, JsonObject, PowerContextClient } from "../client.ts";
import type { Runtime } from "../runtime.ts";
import { createFlusher } from "../flusher.ts";
import { createStatusSlot, silentLogger, type HostContext, type HostUi } from "@powercontext/pi-kit";
import { STATUS_KEY } from "../status-indicator.ts";
import { createScopeResolver } from "../scope.ts";
import { loadSettings, type Settings } from "../config.ts";

export interface FakeCall {
  operation: OperationId;
  payload: JsonObject;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (call: FakeCall) => unknown;

export interface FakeClient extends PowerContextClient {
  calls: FakeCall[];
  handler: FakeHandler;
}

/** The handler returns the response value, or throws a PiError; it may also return a promise. */
export function createFakeClient(handler: FakeHandler = () => ({})): FakeClient {
  const fake: FakeClient = {
    baseUrl: "http://127.0.0.1:8000",
    calls: [],
    handler,
    async request<Id extends OperationId>(
      operation: Id,
      payload: object,
      signal?: AbortSignal,
    ): Promise<ClientResponse<OperationResponse<Id>>> {
      const { value, ...response } = await fake.forward(operation, Object.fromEntries(Object.entries(payload)), signal);
      // A scripted answer is whatever the test says the Server answered; it stands for the parsed body as it is.
      return { ...response, value: value as OperationResponse<Id> };
    },
    async forward(operation, payload, signal): Promise<ClientResponse> {
      const call = { operation, payload, signal };
      fake.calls.push(call);
      const value = await fake.handler(call);
      return { status: 200, value, requestId: "fake" };
    },
  };
  return fake;
}

export function makeSettings(env: Record<string, string> = {}): Settings {
  return loadSettings(env);
}

export function makeRuntime(
  client: PowerContextClient,
  {
    settings = makeSettings(),
    scope = "scope-a",
    flushOnCapture = false,
  }: { settings?: Settings; scope?: string; flushOnCapture?: boolean } = {},
): Runtime {
  return {
    settings,
    flushOnCapture,
    client,
    scopes: createScopeResolver(async () => scope),
    flusher: createFlusher({ client, maxCalls: settings.flushMaxCalls, log: silentLogger }),
    log: silentLogger,
    placement: null,
    server: "unknown",
    lastRecall: null,
    status: createStatusSlot(STATUS_KEY),
  };
}

export interface FakeUi extends HostUi {
  confirms: { title: string; message: string }[];
  notes: { message: string; type: string | undefined }[];
  statuses: [string, string | undefined][];
}

export function makeUi(answer: boolean | Error = true): FakeUi {
  const ui: FakeUi = {
    confirms: [],
    notes: [],
    async confirm(title, message) {
      ui.confirms.push({ title, message });
      if (answer instanceof Error) throw answer;
      return answer;
    },
    notify(message, type) {
      ui.notes.push({ message, type });
    },
    statuses: [],
    setStatus(key, text) {
      ui.statuses.push([key, text]);
    },
  };
  return ui;
}

export function makeContext({
  hasUI = true,
  ui = makeUi(),
  branch = [],
  sessionId = "session-1",
  cwd = "/work/project",
}: {
  hasUI?: boolean;
  ui?: FakeUi;
  branch?: unknown[];
  sessionId?: string;
  cwd?: string;
} = {}): HostContext & { ui: FakeUi } {
  return {
    cwd,
    hasUI,
    ui,
    sessionManager: { getSessionId: () => sessionId, getBranch: () => branch },
    signal: undefined,
  };
}
