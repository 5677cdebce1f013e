// Handoff operations (contract §8). Generated drafts say how they were made in response headers, never in the body.
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { activateHandoff } from "../../domain/handoff/activate.ts";
import { commitHandoff } from "../../domain/handoff/commit.ts";
import { continueHandoff } from "../../domain/handoff/continue.ts";
import { finalizeHandoff } from "../../domain/handoff/finalize.ts";
import { prepareHandoff } from "../../domain/handoff/prepare.ts";
import type { FallbackReason, GenerationOutcome } from "../../domain/model/types.ts";
import { domainRoute, route } from "../route.ts";

export const GENERATION_HEADER = "x-powercontext-generation";
export const FALLBACK_HEADER = "x-powercontext-generation-fallback";

/** `model`, `deterministic` (no model configured) or `deterministic-fallback` plus the reason the model's draft was refused. */
export function generationHeaders(generation: {
  outcome: GenerationOutcome;
  reason: FallbackReason | null;
}): Record<string, string> {
  switch (generation.outcome) {
    case "model":
      return { [GENERATION_HEADER]: "model" };
    case "deterministic":
      return { [GENERATION_HEADER]: "deterministic" };
    case "fallback":
      return { [GENERATION_HEADER]: "deterministic-fallback", [FALLBACK_HEADER]: generation.reason ?? "output" };
    default: {
      const unknown: never = generation.outcome;
      throw new Error(`unknown generation outcome ${String(unknown)}`);
    }
  }
}

export async function handoffRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "prepare_handoff", async (request) => {
    const generated = await prepareHandoff(domain, request.body);
    return { body: generated.draft, headers: generationHeaders(generated) };
  });
  domainRoute(app, domain, "finalize_handoff", finalizeHandoff);
  domainRoute(app, domain, "commit_handoff", commitHandoff);
  domainRoute(app, domain, "continue_handoff", continueHandoff);
  route(app, "activate_handoff", async (request) => {
    const outcome = await activateHandoff(domain, request.body);
    return {
      body: outcome.response,
      ...(outcome.generation ? { headers: generationHeaders(outcome.generation) } : {}),
    };
  });
}
