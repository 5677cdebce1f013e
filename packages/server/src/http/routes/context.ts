import type { FastifyInstance } from "fastify";
import { prepareContext } from "../../domain/context/prepare-context.ts";
import type { DomainDeps } from "../../domain/deps.ts";
import type { RecallRecorder } from "../../domain/stats/recall-recorder.ts";
import type { RecentRecalls } from "../../domain/stats/recent-recalls.ts";
import { route } from "../route.ts";

export async function contextRoutes(
  app: FastifyInstance,
  options: { domain: DomainDeps; recall: RecallRecorder; recent: RecentRecalls },
): Promise<void> {
  const deps = { ...options.domain, statistics: options.recall, recent: options.recent };
  route(app, "prepare_context", async (request) => ({
    body: (await prepareContext(deps, request.body)).context,
  }));
}
