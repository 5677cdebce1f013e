// The executable capability probes: one isolated Pi RPC run with the probe extension and a loopback model.
import { fileURLToPath } from "node:url";
import type { PiRpc, RpcRecord } from "@powercontext/pi-kit";
import { createIsolatedHome, type IsolatedHome, startIsolatedPi } from "../isolated-home.ts";
import { type ProbeModel, startProbeModel } from "./probe-model.ts";

export const PROBE_EXTENSION_PATH = fileURLToPath(new URL("./probe-extension.ts", import.meta.url));

export interface ProbeObservations {
  /** get_state.autoCompactionEnabled with `compaction.enabled: false` in the isolated settings. */
  autoCompactionEnabled: unknown;
  /** The RPC `compact` response while the probe's session_before_compact returns { cancel: true }. */
  compactResponse: { success: unknown; error: unknown };
  compactHookReasons: string[];
  compactedAnyway: boolean;
  /** Tool names of each model request: 1 after setActiveTools removed `read`, 2 the following plain turn. */
  toolsPerRequest: string[][];
  /** Whether the request whose before_provider_request handler threw still reached the model. */
  blockThrown: boolean;
  blockedRequestDispatched: boolean;
  extensionErrors: number;
  /** Keys naming a run, phase, attempt or finality on any RPC record of the run. */
  phaseKeys: string[];
  /** Whether an assistant message_end carried usage. */
  assistantUsage: boolean;
  recordTypes: string[];
}

const PHASE_KEY = /^(runId|run_id|phase|phaseId|attempt|finality)$/;

function collectKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      collectKeys(inner, into);
    }
  }
}

async function promptAndSettle(session: PiRpc, message: string): Promise<void> {
  const from = session.records.length;
  const response = await session.send({ type: "prompt", message });
  if (response.success !== true)
    throw new Error(`the probe prompt was refused: ${JSON.stringify(response.error ?? null)}`);
  await session.waitFor((record: RpcRecord) => record.type === "agent_settled", 60_000, from);
}

export async function runCapabilityProbes(
  executable: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ProbeObservations> {
  const model = await startProbeModel();
  const isolated = createIsolatedHome({ PATH: env.PATH, LANG: env.LANG, TZ: env.TZ });
  try {
    writeProbeSettings(isolated, model);
    const session = startIsolatedPi(isolated, executable, [
      "--no-session",
      "--no-extensions",
      "--no-skills",
      "--no-context-files",
      "--model",
      "probe/probe-model",
      "-e",
      PROBE_EXTENSION_PATH,
    ]);
    try {
      return await observeProbeRun(session, model);
    } finally {
      await session.stop();
    }
  } finally {
    await model.close();
    isolated.remove();
  }
}

/** Compaction off and no retries; the loopback model as the only provider. */
function writeProbeSettings(isolated: IsolatedHome, model: ProbeModel): void {
  isolated.writeAgentFile("settings.json", {
    retry: { enabled: false },
    compaction: { enabled: false, keepRecentTokens: 1 },
  });
  isolated.writeAgentFile("models.json", {
    providers: {
      probe: { baseUrl: model.baseUrl, api: "openai-completions", apiKey: "probe", models: [{ id: "probe-model" }] },
    },
  });
}

/**
 * The probe run: get_state; a turn whose before_agent_start drops `read` from the tools; a plain turn; a turn whose
 * before_provider_request handler throws; a manual compact that session_before_compact cancels. Then Pi is stopped
 * and what the model, the extension's `PC_PROBE` lines and the RPC records show is collected.
 */
async function observeProbeRun(session: PiRpc, model: ProbeModel): Promise<ProbeObservations> {
  const state = await session.send({ type: "get_state" });
  await promptAndSettle(session, "probe turn PC_PROBE_TOOLS");
  await promptAndSettle(session, "probe turn two");
  const beforeBlock = model.requests.length;
  await promptAndSettle(session, "probe turn PC_PROBE_BLOCK");
  const compact = await session.send({ type: "compact" });
  await session.stop();
  const reports = probeReports(session.stderr());
  const keys = new Set<string>();
  collectKeys(session.records, keys);
  const data = state.data as { autoCompactionEnabled?: unknown } | undefined;
  return {
    autoCompactionEnabled: data?.autoCompactionEnabled,
    compactResponse: { success: compact.success, error: compact.error },
    compactHookReasons: reports.filter((r) => r.event === "session_before_compact").map((r) => String(r.reason)),
    compactedAnyway: reports.some((r) => r.event === "session_compact"),
    toolsPerRequest: model.requests.slice(0, 2).map((request) => request.tools),
    blockThrown: reports.some((r) => r.event === "block_thrown"),
    blockedRequestDispatched: model.requests
      .slice(beforeBlock)
      .some((request) => request.body.includes("PC_PROBE_BLOCK")),
    extensionErrors: session.records.filter((record) => record.type === "extension_error").length,
    phaseKeys: [...keys].filter((key) => PHASE_KEY.test(key)),
    assistantUsage: session.records.some(carriesAssistantUsage),
    recordTypes: [...new Set(session.records.map((record) => String(record.type)))],
  };
}

/** The probe extension's `PC_PROBE {json}` lines on stderr; other lines are Pi's own. */
function probeReports(stderr: string): Array<{ event?: string; reason?: string }> {
  return stderr.split("\n").flatMap((line) => {
    if (!line.startsWith("PC_PROBE ")) return [];
    try {
      return [JSON.parse(line.slice("PC_PROBE ".length)) as { event?: string; reason?: string }];
    } catch {
      return [];
    }
  });
}

function carriesAssistantUsage(record: RpcRecord): boolean {
  const message =
    record.type === "message_end" ? (record.message as { role?: string; usage?: unknown } | undefined) : undefined;
  return message?.role === "assistant" && typeof message.usage === "object" && message.usage !== null;
}
