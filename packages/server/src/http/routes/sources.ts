import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { captureSource, type CaptureRequest } from "../../domain/journal/capture.ts";
import { route } from "../route.ts";

export async function sourceRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  route(app, "capture_content_source", async (request) => {
    const outcome = await captureSource(options.domain, request.body as CaptureRequest);
    return { status: 202, body: outcome.response };
  });
}
