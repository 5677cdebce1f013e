// One candidate write on the store, its outcome turned into the answer or the contract's error (api-v1.md §2, §10.1).
import type { ArtifactCandidate } from "@powercontext/protocol";
import type { ArtifactCandidateCommit } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";

export async function commitCandidate(
  deps: Pick<DomainDeps, "store">,
  commit: ArtifactCandidateCommit,
): Promise<ArtifactCandidate> {
  const result = await deps.store.commitArtifactCandidate(commit);
  switch (result.status) {
    case "committed":
      return commit.candidate;
    case "candidate_not_found":
      throw refusalError("candidate_not_found");
    case "candidate_terminal":
      throw refusalError("candidate_terminal", { status: result.current });
    case "candidate_conflict":
      throw refusalError("candidate_conflict", {
        expected_version: commit.expected_version,
        current_version: result.current_version,
      });
    case "artifact_conflict":
      throw refusalError("artifact_conflict", { current: result.current });
    default: {
      const unreachable: never = result;
      throw new Error(`unexpected candidate commit result ${JSON.stringify(unreachable)}`);
    }
  }
}
