// Registers one contract operation from the OPERATIONS table, so paths and schemas are written exactly once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";

export type OperationId = keyof typeof OPERATIONS;

export interface HandlerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function route(
  app: FastifyInstance,
  operationId: OperationId,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<HandlerResult>,
): void {
  const spec: OperationSpec = OPERATIONS[operationId];
  app.route({
    method: spec.method,
    url: spec.url,
    config: { operationId },
    schema: {
      operationId,
      summary: spec.summary,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      response: spec.response,
    },
    handler: async (request, reply) => {
      const result = await handler(request, reply);
      if (result.headers) reply.headers(result.headers);
      return reply.code(result.status ?? 200).send(result.body);
    },
  });
}
