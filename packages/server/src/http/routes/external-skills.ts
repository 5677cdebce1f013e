// External Skills (external-skills/*): the host-local registry of Skill folders under the configured roots.
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { importExternalSkill } from "../../domain/external-skills/import.ts";
import {
  listExternalSkills,
  resolveExternalSkill,
  scanExternalSkills,
} from "../../domain/external-skills/operations.ts";
import { domainRoute } from "../route.ts";

export async function externalSkillRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  domainRoute(app, domain, "scan_external_skills", scanExternalSkills);
  domainRoute(app, domain, "list_external_skills", listExternalSkills);
  domainRoute(app, domain, "resolve_external_skill", resolveExternalSkill);
  domainRoute(app, domain, "import_external_skill", importExternalSkill);
}
