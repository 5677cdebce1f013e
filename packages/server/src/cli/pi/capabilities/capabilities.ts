// `doctor pi --capabilities`: measures the twelve host capabilities of the Pi host audit against the installed host
// (by executable probes where a probe is possible, by its extension API declarations otherwise) and computes the gate,
// which is fail-closed: anything not proven counts against it. Describes the report in words; no printing here.
import type { CommandRunner } from "../../command-runner.ts";
import { selfReportedVersion, TESTED_PI_VERSIONS, type PiHost } from "../host.ts";
import { createIsolatedHome } from "../isolated-home.ts";
import { readApiSurface } from "./api-surface.ts";
import { measureGates } from "./gates.ts";
import { runCapabilityProbes, type ProbeObservations } from "./probes.ts";
import type { CapabilityGate, CapabilityReport } from "./types.ts";

export interface CapabilityInput {
  host: PiHost;
  env: Readonly<Record<string, string | undefined>>;
}

/** H1 to H10 are required for GO; H11 (cache controls) and H12 (phase events on RPC) are optional. */
const REQUIRED = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10"]);

/** Fail-closed: any required capability not fully Available → NO-GO; a host outside the tested set is never GO. */
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
  const version = await isolatedSelfReportedVersion(runner, host.executable, env);
  const { probe, probeError } = await probeOrError(host.executable, env);
  const api = readApiSurface(host.packageDir);
  const gates = measureGates(api, probe).map((gate): CapabilityGate => ({ ...gate, required: REQUIRED.has(gate.id) }));
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

/** `pi --version` in a throw-away home, so the user's own settings cannot change what it prints. */
async function isolatedSelfReportedVersion(
  runner: CommandRunner,
  executable: string,
  env: CapabilityInput["env"],
): Promise<string | null> {
  const isolated = createIsolatedHome({ PATH: env.PATH });
  try {
    return (await selfReportedVersion(runner, executable, isolated.env())).version;
  } finally {
    isolated.remove();
  }
}

/** The probe run's observations, or why it failed: a failed run leaves every probed capability Missing. */
async function probeOrError(
  executable: string,
  env: CapabilityInput["env"],
): Promise<{ probe: ProbeObservations | null; probeError: string | null }> {
  try {
    return { probe: await runCapabilityProbes(executable, env), probeError: null };
  } catch (error) {
    return { probe: null, probeError: error instanceof Error ? error.message : String(error) };
  }
}

/** The heading with the host version, one line a capability with its evidence under it, then the gate. */
export function describeCapabilities(report: CapabilityReport): string[] {
  const tested = report.host_in_tested_set
    ? "in the tested set"
    : `UNVERIFIED: outside the tested set ${report.tested_versions.join(", ")}`;
  const out = [
    `Capability matrix (host ${report.host_version ?? "?"} self-reported, package ${report.package_version ?? "?"}; ${tested})`,
  ];
  if (report.probe_error !== null) out.push(`  probe run failed: ${report.probe_error}`);
  for (const gate of report.gates) {
    out.push(
      `  ${gate.id.padEnd(3)} ${gate.status.padEnd(9)} ${gate.required ? "required" : "optional"}  ${gate.capability} [${gate.method}]`,
    );
    for (const evidence of gate.evidence) out.push(`        - ${evidence}`);
  }
  out.push(
    `Gate: phase0 = ${report.gate.phase0}, phase1Eligible = ${report.gate.phase1Eligible}, extensionState = ${report.gate.extensionState}`,
  );
  if (report.gate.reasons.length > 0) out.push(`  because: ${report.gate.reasons.join(", ")}`);
  return out;
}
