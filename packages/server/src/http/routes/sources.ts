import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { captureSource } from "../../domain/journal/capture.ts";
import { route } from "../route.ts";

export const REDACTIONS_HEADER = "x-powercontext-redactions";

export async function sourceRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  route(app, "capture_content_source", async (request) => {
    const outcome = await captureSource(options.domain, request.body);
    // The contract's receipt is closed, so the redaction count travels in a header.
    return { status: 202, body: outcome.response, headers: { [REDACTIONS_HEADER]: String(outcome.redaction_count) } };
  });
}
