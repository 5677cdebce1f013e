// `doctor pi --capabilities`: the H1–H12 host matrix of seed 001, measured against the installed host by executable
// probes where a probe is possible and by its extension API declarations otherwise. The gate is fail-closed.
import type { CommandRunner } from "./command-runner.ts";
import { readApiSurface, type ApiSurface } from "./pi-api-surface.ts";
import { selfReportedVersion, TESTED_PI_VERSIONS, type PiHost } from "./pi-host.ts";
import { createIsolatedHome } from "./pi-isolation.ts";
import { runCapabilityProbes, type ProbeObservations } from "./pi-probes.ts";

export type CapabilityStatus = "Available" | "Partial" | "Missing" | "Candidate";

export interface CapabilityGate {
  id: string;
  capability: string;
  required: boolean;
  status: CapabilityStatus;
  /** "probe" when an executable probe decided it, "api-surface" when the declarations did. */
  method: "probe" | "api-surface";
  evidence: string[];
}

export interface CapabilityReport {
  host_version: string | null;
  package_version: string | null;
  /** True only for a self-reported and package version inside the tested set; even then the version is self-reported. */
  host_in_tested_set: boolean;
  tested_versions: readonly string[];
  gates: CapabilityGate[];
  probe_error: string | null;
  gate: {
    phase0: "GO" | "NO-GO";
    phase1Eligible: boolean;
    extensionState: "capability-ready" | "capability-blocked";
    reasons: string[];
  };
}

export interface CapabilityInput {
  host: PiHost;
  env: Readonly<Record<string, string | undefined>>;
}

type Gate = Omit<CapabilityGate, "required">;

function h1(api: ApiSurface): Gate {
  const base = {
    id: "H1",
    capability: "Multiple correlated native phase turns in the current session",
    method: "api-surface" as const,
  };
  if (api.sendUserMessageReturn === null)
    return { ...base, status: "Missing", evidence: ["ExtensionAPI.sendUserMessage is not declared"] };
  if (api.sendUserMessageReturn === "void") {
    return {
      ...base,
      status: "Partial",
      evidence: [
        `sendUserMessage(...) returns void (${api.typesFile}): a turn can be enqueued, but there is no phase handle or completion correlation`,
      ],
    };
  }
  return {
    ...base,
    status: "Candidate",
    evidence: [
      `sendUserMessage(...) returns ${api.sendUserMessageReturn}; a probe must show a correlated phase handle`,
    ],
  };
}

function h2(api: ApiSurface): Gate {
  const base = {
    id: "H2",
    capability: "Per-turn model override without changing the selected session model",
    method: "api-surface" as const,
  };
  const turnModel = api.beforeAgentStartResultFields.some((field) => /model/i.test(field));
  if (turnModel)
    return {
      ...base,
      status: "Candidate",
      evidence: [
        `BeforeAgentStartEventResult declares ${api.beforeAgentStartResultFields.join(", ")}; a probe must show it is turn-scoped`,
      ],
    };
  return {
    ...base,
    status: "Missing",
    evidence: [
      `BeforeAgentStartEventResult declares only ${api.beforeAgentStartResultFields.join(", ") || "(nothing found)"}: no turn-scoped model`,
      api.setModelSessionWide.found
        ? `the only model switch is ExtensionAPI.setModel, which changes the session model: ${api.setModelSessionWide.evidence}`
        : "no ExtensionAPI.setModel declaration found",
    ],
  };
}

function h3(probe: ProbeObservations | null): Gate {
  const base = { id: "H3", capability: "Atomic per-turn toolset snapshot", method: "probe" as const };
  if (probe === null) return { ...base, status: "Missing", evidence: ["the probe did not run (fail-closed)"] };
  const [first = [], second = []] = probe.toolsPerRequest;
  const changed = !first.includes("read");
  const persisted = changed && !second.includes("read");
  const evidence = [
    `tools after setActiveTools(-read) in before_agent_start: [${first.join(", ")}]`,
    `tools of the next plain turn: [${second.join(", ")}]`,
  ];
  if (!changed)
    return { ...base, status: "Missing", evidence: [...evidence, "the toolset could not be changed for the turn"] };
  if (persisted)
    return {
      ...base,
      status: "Missing",
      evidence: [
        ...evidence,
        "the change persisted into the next turn: session-global mutation, no turn-scoped snapshot",
      ],
    };
  return {
    ...base,
    status: "Candidate",
    evidence: [...evidence, "the change did not persist; atomicity against other extensions is not proven"],
  };
}

function h4(probe: ProbeObservations | null, api: ApiSurface): Gate {
  const base = {
    id: "H4",
    capability: "Fully materialized request, inspected and blockable fail-closed before dispatch",
    method: "probe" as const,
  };
  if (probe === null) return { ...base, status: "Missing", evidence: ["the probe did not run (fail-closed)"] };
  const evidence = [
    `before_provider_request result type: ${api.beforeProviderRequestResult ?? "not declared"} (no block result)`,
    `a before_provider_request handler threw: ${probe.blockThrown}; extension_error records: ${probe.extensionErrors}`,
    `the request was dispatched to the model anyway: ${probe.blockedRequestDispatched}`,
  ];
  if (!probe.blockThrown || probe.blockedRequestDispatched)
    return { ...base, status: "Missing", evidence: [...evidence, "dispatch is not blocked fail-closed"] };
  return {
    ...base,
    status: "Candidate",
    evidence: [...evidence, "dispatch stopped; the exact final request (headers) is still assembled separately"],
  };
}

function h5(probe: ProbeObservations | null, api: ApiSurface): Gate {
  const evidence = [
    api.phaseFieldsDeclared.found
      ? `declared: ${api.phaseFieldsDeclared.evidence}`
      : "no runId/phaseId/finality field is declared on native events",
    probe === null
      ? "RPC records not probed"
      : `RPC records of a probe run carry phase keys: ${probe.phaseKeys.length === 0 ? "none" : probe.phaseKeys.join(", ")}`,
  ];
  const status: CapabilityStatus =
    api.phaseFieldsDeclared.found || (probe?.phaseKeys.length ?? 0) > 0 ? "Candidate" : "Missing";
  return {
    id: "H5",
    capability: "Host-authenticated phase/finality metadata on native events and persisted entries",
    method: probe === null ? "api-surface" : "probe",
    status,
    evidence: [...evidence, "custom entries are extension-owned sidecars, not host-authenticated"],
  };
}

function h6(probe: ProbeObservations | null): Gate {
  const base = { id: "H6", capability: "Disable built-in compaction for a run", method: "probe" as const };
  if (probe === null) return { ...base, status: "Missing", evidence: ["the probe did not run (fail-closed)"] };
  const disabled = probe.autoCompactionEnabled === false;
  const cancelled =
    probe.compactResponse.success === false &&
    /cancel/i.test(String(probe.compactResponse.error)) &&
    !probe.compactedAnyway;
  const evidence = [
    `settings compaction.enabled=false → get_state.autoCompactionEnabled: ${String(probe.autoCompactionEnabled)}`,
    `session_before_compact { cancel: true } on a manual compact → ${JSON.stringify(probe.compactResponse)}; hook reasons seen: [${probe.compactHookReasons.join(", ")}]`,
    "threshold and overflow compaction paths are not probed; the setting is session-wide, not scoped to one run, and restoration after a run is not proven",
  ];
  return { ...base, status: disabled && cancelled ? "Partial" : "Missing", evidence };
}

function h7(api: ApiSurface): Gate {
  return {
    id: "H7",
    capability: "One abort scope cascading through stream, tools, reservations and cleanup",
    method: "api-surface",
    status: api.contextAbort.found ? "Partial" : "Missing",
    evidence: [
      api.contextAbort.found ? `ctx.abort() exists: ${api.contextAbort.evidence}` : "no ctx.abort() declared",
      "no extension-owned run/phase abort handle; cascading cleanup cannot be proven atomic",
    ],
  };
}

function h8(api: ApiSurface, probe: ProbeObservations | null): Gate {
  const evidence = [
    probe === null ? "assistant usage not probed" : `assistant message_end carried usage: ${probe.assistantUsage}`,
    api.toolResultUsageOptional.found
      ? `tool-result usage is optional: ${api.toolResultUsageOptional.evidence}`
      : "no tool-result usage declared",
    "no enforced nested accounting or pre-dispatch reservation/settlement",
  ];
  const some = (probe?.assistantUsage ?? false) || api.toolResultUsageOptional.found;
  return {
    id: "H8",
    capability: "Mandatory request/turn usage including nested work",
    method: probe === null ? "api-surface" : "probe",
    status: some ? "Partial" : "Missing",
    evidence,
  };
}

function h9(api: ApiSurface): Gate {
  const base = {
    id: "H9",
    capability: "Atomic checkpoint/tree association and deterministic replay",
    method: "api-surface" as const,
  };
  if (api.appendEntryReturn === null) return { ...base, status: "Missing", evidence: ["appendEntry is not declared"] };
  return {
    ...base,
    status: "Partial",
    evidence: [
      `appendEntry(...) returns ${api.appendEntryReturn}: custom entries exist, but no entry id binds native phase events, snapshots and checkpoints atomically`,
    ],
  };
}

function h10(api: ApiSurface): Gate {
  return {
    id: "H10",
    capability: "Cross-provider attested actual response model identity",
    method: "api-surface",
    status: "Missing",
    evidence: [
      api.responseModelOptional.found
        ? `responseModel is optional and provider-reported: ${api.responseModelOptional.evidence}`
        : "no responseModel declared",
      "requested model or session metadata is not attestation",
    ],
  };
}

function h11(api: ApiSurface): Gate {
  return {
    id: "H11",
    capability: "Per-request cache controls and cache lineage (optional)",
    method: "api-surface",
    status: api.beforeProviderRequestResult !== null ? "Partial" : "Missing",
    evidence: [
      `before_provider_request can replace the provider payload (result type ${api.beforeProviderRequestResult ?? "not declared"}), so provider-specific cache fields may be set`,
      api.cacheHook.found ? `cache hook: ${api.cacheHook.evidence}` : "no cache hook or cache-retention declaration",
      "no stable host-level, turn-scoped cache contract; safe fallback is no cross-request cache reuse",
    ],
  };
}

function h12(probe: ProbeObservations | null): Gate {
  const base = {
    id: "H12",
    capability: "Native RPC events with run/phase/attempt/finality (optional)",
    method: "probe" as const,
  };
  if (probe === null) return { ...base, status: "Missing", evidence: ["the probe did not run (fail-closed)"] };
  return {
    ...base,
    status: probe.phaseKeys.length === 0 ? "Missing" : "Candidate",
    evidence: [
      `RPC record types seen: ${probe.recordTypes.join(", ")}`,
      `phase keys on them: ${probe.phaseKeys.length === 0 ? "none" : probe.phaseKeys.join(", ")}`,
    ],
  };
}

const REQUIRED = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10"]);

/** Fail-closed, as the seed: any required gate not fully Available → NO-GO; an unverified host is never GO. */
export function gateResult(gates: readonly CapabilityGate[], hostInTestedSet: boolean): CapabilityReport["gate"] {
  const reasons = gates
    .filter((gate) => gate.required && gate.status !== "Available")
    .map((gate) => `${gate.id} ${gate.status}`);
  if (!hostInTestedSet) reasons.push("host version outside the tested set (unverified)");
  const go = reasons.length === 0;
  return {
    phase0: go ? "GO" : "NO-GO",
    phase1Eligible: go,
    extensionState: go ? "capability-ready" : "capability-blocked",
    reasons,
  };
}

export async function evaluateCapabilities(
  runner: CommandRunner,
  { host, env }: CapabilityInput,
): Promise<CapabilityReport> {
  const isolated = createIsolatedHome({ PATH: env.PATH });
  let version: string | null;
  try {
    version = (await selfReportedVersion(runner, host.executable, isolated.env())).version;
  } finally {
    isolated.remove();
  }
  let probe: ProbeObservations | null = null;
  let probeError: string | null = null;
  try {
    probe = await runCapabilityProbes(host.executable, env);
  } catch (error) {
    probeError = error instanceof Error ? error.message : String(error);
  }
  const api = readApiSurface(host.packageDir);
  const gates = [
    h1(api),
    h2(api),
    h3(probe),
    h4(probe, api),
    h5(probe, api),
    h6(probe),
    h7(api),
    h8(api, probe),
    h9(api),
    h10(api),
    h11(api),
    h12(probe),
  ].map((gate): CapabilityGate => ({ ...gate, required: REQUIRED.has(gate.id) }));
  if (api.typesFile === null)
    for (const gate of gates)
      if (gate.method === "api-surface")
        gate.evidence.unshift("the host's extension API declarations were not found (fail-closed)");
  const inTested = version !== null && TESTED_PI_VERSIONS.includes(version) && host.packageVersion === version;
  return {
    host_version: version,
    package_version: host.packageVersion,
    host_in_tested_set: inTested,
    tested_versions: TESTED_PI_VERSIONS,
    gates,
    probe_error: probeError,
    gate: gateResult(gates, inTested),
  };
}
