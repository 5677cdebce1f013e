// prepare_handoff (contract §8.2): objective + cited evidence → HandoffDraft. Persists nothing.
import type { PrepareHandoffRequest } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import { DEFAULT_MAX_BYTES } from "../context/prepare-context.ts";
import type { DomainDeps } from "../deps.ts";
import { hasDuplicates } from "./citations.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { resolveAll } from "./evidence.ts";
import { generateDraft, type GeneratedDraft } from "./generate-draft.ts";

export function duplicateEvidence(): PowerContextError {
  return new PowerContextError("invalid_request", "Handoff evidence must not cite the same thing twice.");
}

/** 422 on duplicate evidence (decision §12.4), 404 when any evidence is unavailable, then the generated draft. */
export async function prepareHandoff(deps: DomainDeps, request: PrepareHandoffRequest): Promise<GeneratedDraft> {
  rejectSecrets(request.objective);
  if (hasDuplicates(request.evidence)) throw duplicateEvidence();
  const evidence = await resolveAll(deps, request.scope_id, request.evidence);
  return generateDraft(deps, {
    scope_id: request.scope_id,
    objective: request.objective,
    evidence,
    max_bytes: request.max_bytes ?? DEFAULT_MAX_BYTES,
  });
}
