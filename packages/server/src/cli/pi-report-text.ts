// Human text of the Pi reports (doctor pi, setup pi); output.ts prints it.
import type { CapabilityReport } from "./pi-capabilities.ts";
import { checkMark, type PiCheck } from "./pi-check.ts";
import type { PiDoctorReport } from "./pi-doctor.ts";
import type { SetupPiReport } from "./setup-pi.ts";

function lines(checks: readonly PiCheck[], indent = ""): string[] {
  return checks.map((check) => `${indent}${checkMark(check.status)}  ${check.name}: ${check.detail}`);
}

export function describeCapabilities(report: CapabilityReport): string[] {
  const out = [
    `Capability matrix (host ${report.host_version ?? "?"} self-reported, package ${report.package_version ?? "?"}; ${report.host_in_tested_set ? "in the tested set" : `UNVERIFIED: outside the tested set ${report.tested_versions.join(", ")}`})`,
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

export function describePiDoctor(report: PiDoctorReport): string {
  const out = lines(report.checks);
  if (report.deep !== undefined) {
    out.push(
      `Passive preflight (prompt sent: no; requests: ${report.deep.requests.join(", ")}):`,
      ...lines(report.deep.checks, "  "),
    );
  }
  if (report.capabilities !== undefined) out.push(...describeCapabilities(report.capabilities));
  out.push(report.ok ? "Pi is ready for PowerContext." : "Pi is not ready for PowerContext (see above).");
  return out.join("\n");
}

export function describeSetupPi(report: SetupPiReport): string {
  const source = `${report.source.location}${report.source.ref === null ? "" : ` @ ${report.source.ref}`}${report.source.commit === null ? "" : ` (${report.source.commit.slice(0, 12)})`}`;
  return [
    `Source: ${source}`,
    ...lines(report.steps),
    report.ok
      ? `powercontext-pi is installed from ${report.package_dir}. Start a new Pi process to load it.`
      : "Setup did not complete (see above).",
  ].join("\n");
}
