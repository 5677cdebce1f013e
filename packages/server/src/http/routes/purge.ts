import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { listPurges, purgeMemoryEntry, purgeScope, purgeSource } from "../../domain/lifecycle/purge.ts";
import { domainRoute } from "../route.ts";

/** Our addition to the contract: purging (behind the bearer token like every /v1 operation). */
export async function purgeRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  domainRoute(app, domain, "purge_source", purgeSource);
  domainRoute(app, domain, "purge_memory_entry", purgeMemoryEntry);
  domainRoute(app, domain, "purge_scope", purgeScope);
  domainRoute(app, domain, "list_purges", listPurges);
}
