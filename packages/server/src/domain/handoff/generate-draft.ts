// Draft generation for prepare and activate: the model when one is configured and its draft passes every check,
// else the deterministic draft. A rejected or failed model call falls back and says why.
import type { HandoffDraft } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { callModel } from "../model/call-model.ts";
import type { FallbackReason, GenerationOutcome } from "../model/types.ts";
import { draftFromEvidence } from "./deterministic-draft.ts";
import type { Evidence } from "./evidence.ts";
import { draftPrompt, readModelDraft } from "./model-draft.ts";

export interface GeneratedDraft {
  draft: HandoffDraft;
  outcome: GenerationOutcome;
  /** Why the model's draft was not used (`fallback` only). */
  reason: FallbackReason | null;
}

export interface DraftInput {
  scope_id: string;
  objective: string;
  /** Available and unique, in request order. */
  evidence: readonly Evidence[];
  max_bytes: number;
}

async function modelDraft(
  deps: DomainDeps,
  input: DraftInput,
): Promise<{ draft: HandoffDraft } | { reason: FallbackReason } | null> {
  if (deps.model === null) return null;
  const result = await callModel(
    { model: deps.model, store: deps.store, clock: deps.clock },
    { scope_id: input.scope_id, purpose: "handoff_generation", request: draftPrompt(input) },
  );
  if (result.status !== "ok") return { reason: result.status };
  const check = readModelDraft(result.text, {
    objective: input.objective,
    evidence: input.evidence.map((item) => item.citation),
    max_bytes: input.max_bytes,
  });
  return check.status === "ok" ? { draft: check.draft } : { reason: check.reason };
}

/**
 * 422 `invalid_request` when not even the deterministic draft fits `max_bytes` (the objective alone is too big for
 * it): the request cannot be satisfied by any generator, so it is the request that is refused, not a generation.
 */
export async function generateDraft(deps: DomainDeps, input: DraftInput): Promise<GeneratedDraft> {
  const fromModel = await modelDraft(deps, input);
  if (fromModel !== null && "draft" in fromModel) {
    deps.generations.record("handoff_generation", "model", null);
    return { draft: fromModel.draft, outcome: "model", reason: null };
  }
  const draft = draftFromEvidence(input);
  if (draft === null) {
    throw new PowerContextError(
      "invalid_request",
      "max_bytes is too small for this objective with even one shortened statement.",
    );
  }
  const reason = fromModel?.reason ?? null;
  const outcome: GenerationOutcome = reason === null ? "deterministic" : "fallback";
  deps.generations.record("handoff_generation", outcome, reason);
  return { draft, outcome, reason };
}
