// The behaviour every Store adapter must have, one suite per family of operations (contract/). Each adapter's test
// file calls storeContract with its opener; every test gets a fresh store.
import { describe } from "node:test";
import { artifactsContract } from "./contract/artifacts.contract.ts";
import { candidatesContract } from "./contract/candidates.contract.ts";
import { continuityContract } from "./contract/continuity.contract.ts";
import { handoffReportsContract } from "./contract/handoff-reports.contract.ts";
import { journalContract } from "./contract/journal.contract.ts";
import { lifecycleContract } from "./contract/lifecycle.contract.ts";
import { lifecycleArtifactsContract } from "./contract/lifecycle-artifacts.contract.ts";
import { memoryContract } from "./contract/memory.contract.ts";
import { overviewContract } from "./contract/overview.contract.ts";
import { revisionContract } from "./contract/revision.contract.ts";
import { searchContract } from "./contract/search.contract.ts";
import { sessionNeighboursContract } from "./contract/session-neighbours.contract.ts";
import { statsContract } from "./contract/stats.contract.ts";
import type { Store } from "./types.ts";

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} store`, () => {
    journalContract(open);
    memoryContract(open);
    revisionContract(open);
    candidatesContract(open);
    searchContract(open);
    sessionNeighboursContract(open);
    statsContract(open);
    continuityContract(open);
    handoffReportsContract(open);
    artifactsContract(open);
    lifecycleContract(open);
    lifecycleArtifactsContract(open);
    overviewContract(open);
  });
}
