// Registers one operation of the contract's operation table, so paths and schemas are written exactly once, and hands
// the handler its body and query string typed from the same schemas Fastify validates them with.
import type { OperationBody, OperationId, OperationQuery, OperationResponse } from "@powercontext/protocol";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DomainDeps } from "../domain/deps.ts";

/** Fastify's route generics of one operation. Validation runs before the handler, so these types hold inside it. */
export interface OperationRouteTypes<Id extends OperationId> {
  Body: OperationBody<Id>;
  Querystring: OperationQuery<Id>;
}

export type RouteRequest<Id extends OperationId> = FastifyRequest<OperationRouteTypes<Id>>;

/**
 * The answer of a handler: the operation's success body (errors are thrown and rendered by http/errors.ts), or, for
 * an operation whose contract also answers another media type (a Markdown report), that text with its content type.
 */
export type HandlerResult<Id extends OperationId> =
  | { status?: number; body: OperationResponse<Id>; headers?: Record<string, string> }
  | { status?: number; text: string; contentType: string; headers?: Record<string, string> };

export function route<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  // NoInfer: the operation id alone picks the types, so a handler's literals are checked against them, not widened.
  handler: NoInfer<(request: RouteRequest<Id>, reply: FastifyReply) => Promise<HandlerResult<Id>>>,
): void {
  const spec: OperationSpec = OPERATIONS[operationId];
  app.route<OperationRouteTypes<Id>>({
    method: spec.method,
    url: spec.path,
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
      if ("text" in result)
        return reply
          .code(result.status ?? 200)
          .type(result.contentType)
          .send(result.text);
      return reply.code(result.status ?? 200).send(result.body);
    },
  });
}

/** Registers an operation that one domain function answers as it is: the validated body in, its result out with 200. */
export function domainRoute<Id extends OperationId>(
  app: FastifyInstance,
  domain: DomainDeps,
  operationId: Id,
  answer: NoInfer<(deps: DomainDeps, body: OperationBody<Id>) => Promise<OperationResponse<Id>>>,
): void {
  // Fastify's body type does not reduce while Id is generic; validation has made it this operation's body.
  route(app, operationId, async (request) => ({ body: await answer(domain, request.body as OperationBody<Id>) }));
}
