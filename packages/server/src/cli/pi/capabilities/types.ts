// The capability report of `doctor pi --capabilities`. Its field names and values are printed with --json and are
// pinned by tests and docs/pi-host-capabilities.md.

/** Available: proven natively. Partial: part of it exists natively. Candidate: something that might provide it exists, unproven. */
export type CapabilityStatus = "Available" | "Partial" | "Missing" | "Candidate";

export interface CapabilityGate {
  /** H1 to H12: the ids of the twelve capabilities of the Pi host audit (docs/pi-host-capabilities.md). */
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
  /**
   * The verdict, in the words of the host audit: `phase0` is GO only when every required capability is Available on a
   * host in the tested set, else NO-GO; `phase1Eligible` and `extensionState` say the same as a boolean and as the
   * extension's state. `reasons` lists what stands in the way.
   */
  gate: {
    phase0: "GO" | "NO-GO";
    phase1Eligible: boolean;
    extensionState: "capability-ready" | "capability-blocked";
    reasons: string[];
  };
}
