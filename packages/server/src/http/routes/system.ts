// Capabilities, statistics, Prometheus metrics and the OpenAPI document.
import {
  type ArtifactFamily,
  type CapabilitiesResponse,
  OPERATION_ROUTES,
  type OperationId,
} from "@powercontext/protocol";
import { ARTIFACT_FAMILIES } from "@powercontext/protocol/schemas";
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { getScopedStats } from "../../domain/stats/scoped-stats.ts";
import type { HttpMetrics } from "../metrics.ts";
import { route } from "../route.ts";

/**
 * The families whose operations this Server serves (a path under `/v1/<family>/` in the operation table), so that
 * capabilities never advertise a family a client would then find missing (404).
 */
export function servedFamilies(served: readonly OperationId[]): ArtifactFamily[] {
  return ARTIFACT_FAMILIES.filter((family) =>
    served.some((id) => OPERATION_ROUTES[id].path.startsWith(`/v1/${family}/`)),
  );
}

export const SERVED_FAMILIES = servedFamilies(Object.keys(OPERATION_ROUTES) as OperationId[]);

export const CAPABILITIES: CapabilitiesResponse = {
  source_types: ["content"],
  artifact_families: SERVED_FAMILIES,
  memory_extraction: true,
  /** Like handoffs, Experiences and Skills are drafted deterministically when no model is configured. */
  experience_generation: true,
  managed_skill_generation: true,
  external_skill_registry: false,
  /** The deterministic drafter always generates, so prepare and activate work with or without a model. */
  handoff_generation: true,
  search_modes: ["auto", "fts"],
  context_versions: ["powercontext.prepared-context.v1"],
};

/**
 * `vector` and `hybrid` are advertised only when an embedder is configured, and the external Skill registry only when
 * Skill roots are (POWERCONTEXT_SERVER_SKILL_ROOTS); without them external-skills/* answer 422.
 */
export function capabilitiesFor(domain: Pick<DomainDeps, "embedder" | "externalSkills">): CapabilitiesResponse {
  return {
    ...CAPABILITIES,
    external_skill_registry: domain.externalSkills !== null,
    ...(domain.embedder !== null && { search_modes: ["auto", "fts", "vector", "hybrid"] }),
  };
}

export async function systemRoutes(
  app: FastifyInstance,
  options: { domain: DomainDeps; metrics: HttpMetrics; version: string; served: readonly OperationId[] },
): Promise<void> {
  // Derived from the operations this app registers, so a group switched off is never advertised.
  const capabilities = { ...capabilitiesFor(options.domain), artifact_families: servedFamilies(options.served) };
  route(app, "get_capabilities", async () => ({ body: capabilities }));
  route(app, "get_stats", async (request) => {
    return { body: await getScopedStats(options.domain, request.query), headers: { "cache-control": "no-store" } };
  });
  app.get("/metrics", { schema: { hide: true }, config: { operationId: "metrics" } }, async (_request, reply) => {
    const text = await options.metrics.registry.metrics();
    return reply.type(options.metrics.registry.contentType).send(text);
  });
  app.get("/openapi.json", { schema: { hide: true }, config: { operationId: "openapi" } }, async () => app.swagger());
}
