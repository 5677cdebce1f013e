// activate_handoff (contract §8.6): a boundary Source past the scope's handoff cursor generates a draft and moves
// the cursor to the boundary's position; a boundary at or before the cursor is `ignored`.
import type {
  ActivateHandoffRequest,
  ActivateHandoffResponse,
  HandoffCitation,
  SourceReference,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import { DEFAULT_MAX_BYTES } from "../context/prepare-context.ts";
import type { DomainDeps } from "../deps.ts";
import type { FallbackReason, GenerationOutcome } from "../model/types.ts";
import { citationKey, hasDuplicates } from "./citations.ts";
import { evidenceNotFound, resolveAll } from "./evidence.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { generateDraft } from "./generate-draft.ts";
import { duplicateEvidence } from "./prepare.ts";

export const MAX_ACTIVATE_EVIDENCE = 32;

export interface ActivateOutcome {
  response: ActivateHandoffResponse;
  /** How the draft was produced; null when ignored. */
  generation: { outcome: GenerationOutcome; reason: FallbackReason | null } | null;
}

function ignored(boundary: SourceReference, cursor: number): ActivateOutcome {
  return {
    response: {
      status: "ignored",
      boundary_source: boundary,
      previous_position: cursor,
      current_position: cursor,
      draft: null,
    },
    generation: null,
  };
}

export async function activateHandoff(deps: DomainDeps, request: ActivateHandoffRequest): Promise<ActivateOutcome> {
  rejectSecrets(request.objective);
  const boundary: HandoffCitation = { kind: "source", source_ref: request.boundary_source };
  const rest = request.evidence ?? [];
  const boundaryKey = citationKey(boundary);
  const effective = [boundary, ...rest.filter((citation) => citationKey(citation) !== boundaryKey)];
  if (hasDuplicates(effective)) throw duplicateEvidence();
  if (effective.length > MAX_ACTIVATE_EVIDENCE) {
    throw new PowerContextError("invalid_request", "Activate takes at most 32 evidence items, the boundary included.");
  }
  const source = await deps.store.findSource(request.scope_id, request.boundary_source.source_id);
  if (source === null) throw evidenceNotFound();
  const cursor = await deps.store.getHandoffCursor(request.scope_id);
  if (source.position <= cursor) return ignored(request.boundary_source, cursor);
  const evidence = await resolveAll(deps, request.scope_id, effective);
  const generated = await generateDraft(deps, {
    scope_id: request.scope_id,
    objective: request.objective,
    evidence,
    max_bytes: request.max_bytes ?? DEFAULT_MAX_BYTES,
  });
  // Only a successful generation moves the cursor. A concurrent activation may have moved it meanwhile: if it reached
  // this boundary, this one is ignored after all; otherwise advance from where it now is.
  let from = cursor;
  for (;;) {
    const advance = await deps.store.advanceHandoffCursor(request.scope_id, from, source.position);
    if (advance.status === "advanced") break;
    if (advance.cursor >= source.position) return ignored(request.boundary_source, advance.cursor);
    from = advance.cursor;
  }
  return {
    response: {
      status: "generated",
      boundary_source: request.boundary_source,
      previous_position: from,
      current_position: source.position,
      draft: generated.draft,
    },
    generation: { outcome: generated.outcome, reason: generated.reason },
  };
}
