// `powercontext doctor pi --capabilities`: the H1–H12 matrix measured against the real Pi, and the fail-closed gate.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gateResult } from "../src/cli/pi/capabilities/capabilities.ts";
import type { CapabilityGate, CapabilityStatus } from "../src/cli/pi/capabilities/types.ts";
import { createFixture, PI_VERSIONS, writeFakePi } from "./pi-cli-fixture.ts";

interface Gate {
  id: string;
  status: string;
  required: boolean;
  method: string;
  evidence: string[];
}

const evidenceOf = (gates: Gate[], id: string): string =>
  gates.find((gate) => gate.id === id)?.evidence.join("\n") ?? "";

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("the capability matrix is measured by probes and the API surface, and the gate is NO-GO", async (t) => {
      const fixture = createFixture();
      t.after(() => fixture.remove());
      const result = await fixture.cli(["doctor", "pi", "--capabilities", "--pi", version.cli, "--json"]);
      assert.equal(result.code, 1, "NO-GO exits 1");
      const { capabilities } = JSON.parse(result.stdout) as {
        capabilities: {
          host_version: string;
          package_version: string;
          host_in_tested_set: boolean;
          probe_error: string | null;
          gates: Gate[];
          gate: { phase0: string; phase1Eligible: boolean; extensionState: string; reasons: string[] };
        };
      };
      assert.equal(capabilities.probe_error, null);
      assert.equal(capabilities.host_version, version.name);
      assert.equal(capabilities.package_version, version.name);
      assert.equal(capabilities.host_in_tested_set, true);
      const gates = capabilities.gates;
      assert.deepEqual(
        gates.map((gate) => `${gate.id}:${gate.status}:${gate.method}`),
        [
          "H1:Partial:api-surface",
          "H2:Missing:api-surface",
          "H3:Missing:probe",
          "H4:Missing:probe",
          "H5:Missing:probe",
          "H6:Partial:probe",
          "H7:Partial:api-surface",
          "H8:Partial:probe",
          "H9:Partial:api-surface",
          "H10:Missing:api-surface",
          "H11:Partial:api-surface",
          "H12:Missing:probe",
        ],
      );
      assert.deepEqual(
        gates.filter((gate) => !gate.required).map((gate) => gate.id),
        ["H11", "H12"],
      );
      assert.match(evidenceOf(gates, "H1"), /sendUserMessage\(\.\.\.\) returns void/);
      assert.match(evidenceOf(gates, "H2"), /BeforeAgentStartEventResult declares only message, systemPrompt/);
      assert.match(
        evidenceOf(gates, "H3"),
        /tools after setActiveTools\(-read\) in before_agent_start: \[bash, edit, write\]/,
      );
      assert.match(evidenceOf(gates, "H3"), /tools of the next plain turn: \[bash, edit, write\]/);
      assert.match(evidenceOf(gates, "H4"), /handler threw: true/);
      assert.match(evidenceOf(gates, "H4"), /dispatched to the model anyway: true/);
      assert.match(evidenceOf(gates, "H5"), /phase keys: none/);
      assert.match(evidenceOf(gates, "H6"), /autoCompactionEnabled: false/);
      assert.match(
        evidenceOf(gates, "H6"),
        /"success":false,"error":"Compaction cancelled"\}; hook reasons seen: \[manual\]/,
      );
      assert.match(evidenceOf(gates, "H7"), /types\.d\.ts:\d+: abort\(\): void;/);
      assert.match(evidenceOf(gates, "H8"), /assistant message_end carried usage: true/);
      assert.match(evidenceOf(gates, "H10"), /pi-ai\/dist\/types\.d\.ts:\d+: responseModel\?: string;/);
      assert.match(evidenceOf(gates, "H12"), /agent_settled/);
      assert.deepEqual(capabilities.gate, {
        phase0: "NO-GO",
        phase1Eligible: false,
        extensionState: "capability-blocked",
        reasons: [
          "H1 Partial",
          "H2 Missing",
          "H3 Missing",
          "H4 Missing",
          "H5 Missing",
          "H6 Partial",
          "H7 Partial",
          "H8 Partial",
          "H9 Partial",
          "H10 Missing",
        ],
      });
    });
  });
}

function gates(status: CapabilityStatus, overrides: Record<string, CapabilityStatus> = {}): CapabilityGate[] {
  return Array.from({ length: 12 }, (_, index) => {
    const id = `H${index + 1}`;
    return { id, capability: id, required: index < 10, status: overrides[id] ?? status, method: "probe", evidence: [] };
  });
}

test("the gate is fail-closed: only every required gate Available on a tested host is GO", () => {
  const cases: [string, CapabilityGate[], boolean, string][] = [
    ["all available, tested host", gates("Available"), true, "GO"],
    ["all available, optional missing", gates("Available", { H11: "Missing", H12: "Missing" }), true, "GO"],
    ["all available, untested host", gates("Available"), false, "NO-GO"],
    ["one required candidate", gates("Available", { H6: "Candidate" }), true, "NO-GO"],
    ["one required partial", gates("Available", { H1: "Partial" }), true, "NO-GO"],
  ];
  for (const [name, input, tested, expected] of cases) assert.equal(gateResult(input, tested).phase0, expected, name);
  assert.deepEqual(gateResult(gates("Available"), false).reasons, ["host version outside the tested set (unverified)"]);
});

test("a host outside the tested set is reported as unverified and never passes, even when its probes cannot run", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  fixture.pathPrefix.push(
    writeFakePi(
      fixture.root,
      `
if (process.argv[2] === "--version") { console.log("9.9.9"); process.exit(0); }
if (process.argv[2] === "list") { console.log("User packages:"); process.exit(0); }
process.exit(1);
`,
    ),
  );
  const result = await fixture.cli(["doctor", "pi", "--capabilities", "--json"]);
  assert.equal(result.code, 1);
  const { capabilities } = JSON.parse(result.stdout);
  assert.equal(capabilities.host_version, "9.9.9");
  assert.equal(capabilities.host_in_tested_set, false);
  assert.match(capabilities.probe_error, /Pi exited before it answered/);
  assert.equal(
    capabilities.gates.every((gate: { status: string }) => gate.status === "Missing"),
    true,
  );
  assert.equal(capabilities.gate.phase0, "NO-GO");
  assert.ok(capabilities.gate.reasons.includes("host version outside the tested set (unverified)"));
  const human = await fixture.cli(["doctor", "pi", "--capabilities"]);
  assert.match(human.stdout, /UNVERIFIED: outside the tested set 1\.6\.0, 0\.82\.1/);
});
