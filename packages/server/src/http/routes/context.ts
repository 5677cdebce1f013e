import type { FastifyInstance } from "fastify";
import { prepareContext, type PrepareContextRequest } from "../../domain/context/prepare-context.ts";
import type { DomainDeps } from "../../domain/deps.ts";
import type { RecallRecorder } from "../../domain/stats/recall-recorder.ts";
import { route } from "../route.ts";

export async function contextRoutes(
  app: FastifyInstance,
  options: { domain: DomainDeps; recall: RecallRecorder },
): Promise<void> {
  route(app, "prepare_context", async (request) => {
    const body = request.body as PrepareContextRequest;
    const prepared = await prepareContext(options.domain, body);
    options.recall.record(body.scope_id, {
      ready: prepared.context.status === "ready",
      content: prepared.context.content,
      source_ids: prepared.source_ids,
      comparable: prepared.comparable,
    });
    return { body: prepared.context };
  });
}
