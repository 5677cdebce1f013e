// The twelve host capabilities of the Pi host audit, one function each, measured from the probe run's observations
// and the host's extension API declarations. Their ids (H1 to H12) are part of the report and never renumbered; which
// of them are required is decided in capabilities.ts. A capability whose evidence is missing is Missing (fail-closed).
import type { ApiSurface } from "./api-surface.ts";
import type { CapabilityGate, CapabilityStatus } from "./types.ts";
import type { ProbeObservations } from "./probes.ts";

/** A measured capability, before capabilities.ts marks it required or optional. */
export type MeasuredGate = Omit<CapabilityGate, "required">;

function correlatedPhaseTurns(api: ApiSurface): MeasuredGate {
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

function turnModelOverride(api: ApiSurface): MeasuredGate {
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

function turnToolsetSnapshot(probe: ProbeObservations | null): MeasuredGate {
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

function blockableRequest(probe: ProbeObservations | null, api: ApiSurface): MeasuredGate {
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

function phaseMetadata(probe: ProbeObservations | null, api: ApiSurface): MeasuredGate {
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

function compactionControl(probe: ProbeObservations | null): MeasuredGate {
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

function abortScope(api: ApiSurface): MeasuredGate {
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

function usageAccounting(api: ApiSurface, probe: ProbeObservations | null): MeasuredGate {
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

function checkpointAssociation(api: ApiSurface): MeasuredGate {
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

function attestedResponseModel(api: ApiSurface): MeasuredGate {
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

function cacheControls(api: ApiSurface): MeasuredGate {
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

function phaseEvents(probe: ProbeObservations | null): MeasuredGate {
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

/** Every capability in id order, H1 to H12. `probe` is null when the probe run failed. */
export function measureGates(api: ApiSurface, probe: ProbeObservations | null): MeasuredGate[] {
  return [
    correlatedPhaseTurns(api),
    turnModelOverride(api),
    turnToolsetSnapshot(probe),
    blockableRequest(probe, api),
    phaseMetadata(probe, api),
    compactionControl(probe),
    abortScope(api),
    usageAccounting(api, probe),
    checkpointAssociation(api),
    attestedResponseModel(api),
    cacheControls(api),
    phaseEvents(probe),
  ];
}
