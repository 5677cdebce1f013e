// Revising an Experience or Skill candidate from the review inbox: the edited proposal fields, with the evidence,
// target and reason the candidate already has (the reviewer edits the proposal, not what it cites), sent through
// revise_artifact_candidate's schema check and domain function like the API's, with the loaded version as
// expected_version: a candidate changed or decided meanwhile is refused, nothing overwritten.
import type { ArtifactCandidate, ArtifactProposal } from "@powercontext/protocol";
import { reviseArtifactCandidate } from "../../domain/artifacts/review-inbox.ts";
import { type FormFields, field } from "../form-body.ts";
import type { DashboardDeps } from "../respond.ts";
import { runWrite, type WriteOutcome } from "../write-outcome.ts";

type CandidateTarget = { scope_id: string; candidate_id: string; expected_version: number };

/** The proposal as edited in the form (`<field>-<candidate id>`); a Skill's checks are one a line, blank lines dropped. */
function editedProposal(candidate: ArtifactCandidate, form: FormFields): ArtifactProposal {
  const value = (name: string): string => field(form, `${name}-${candidate.candidate_id}`);
  if (candidate.family === "experience") {
    return {
      situation: value("situation"),
      action: value("action"),
      outcome: value("outcome"),
      lesson: value("lesson"),
    };
  }
  return {
    name: value("name").trim(),
    description: value("description").trim(),
    instructions: value("instructions"),
    validation: value("validation")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  };
}

export async function reviseArtifactFromForm(
  deps: DashboardDeps,
  target: CandidateTarget,
  form: FormFields,
): Promise<WriteOutcome> {
  const current = await deps.domain.store.getArtifactCandidate(target.scope_id, target.candidate_id);
  if (current === null) {
    return { status: "refused", code: "candidate_not_found", message: "This candidate no longer exists." };
  }
  const body = {
    ...target,
    proposal: editedProposal(current, form),
    source_refs: current.source_refs,
    artifact_refs: current.artifact_refs,
    target: current.target,
    reason: current.reason,
  };
  return runWrite("revise_artifact_candidate", body, (checked) => reviseArtifactCandidate(deps.domain, checked));
}
