// buildApp(deps) → a ready Fastify instance. It never listens; cli/server.ts does.
import { randomBytes } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import { HANDOFF_REPORT_OPERATIONS, OPERATION_ROUTES, type OperationId } from "@powercontext/protocol";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { DomainDeps } from "../domain/deps.ts";
import type { RecallRecorder } from "../domain/stats/recall-recorder.ts";
import { RecentRecalls } from "../domain/stats/recent-recalls.ts";
import { dashboardRoutes, isDashboardPath } from "../dashboard/plugin.ts";
import { PowerContextError } from "../errors.ts";
import { createAuthHook } from "./auth.ts";
import { errorBody } from "./error-body.ts";
import { handleError, sendError } from "./errors.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { parseJsonBody } from "./json-body-parser.ts";
import { mcpRoutes } from "./mcp/mcp-route.ts";
import { createMetrics } from "./metrics.ts";
import { OPENAPI_INFO } from "./openapi.ts";
import { artifactRoutes } from "./routes/artifacts.ts";
import { candidateRoutes } from "./routes/candidates.ts";
import { externalSkillRoutes } from "./routes/external-skills.ts";
import { contextRoutes } from "./routes/context.ts";
import { handoffRoutes } from "./routes/handoff.ts";
import { handoffReportRoutes } from "./routes/handoff-reports.ts";
import { healthRoutes } from "./routes/health.ts";
import { memoryRoutes } from "./routes/memory.ts";
import { purgeRoutes } from "./routes/purge.ts";
import { sourceRoutes } from "./routes/sources.ts";
import { systemRoutes } from "./routes/system.ts";
import { refuseFloatSpelledIntegers } from "./strict-integers.ts";
import { workRoutes } from "./routes/work.ts";

export const REQUEST_ID_HEADER = "x-powercontext-request-id";
/** Large enough for 200,000 characters of content or query, JSON-escaped; anything bigger gets 413. */
export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

export interface AppDeps {
  domain: DomainDeps;
  recall: RecallRecorder;
  /** The in-memory log of recent recalls the dashboard shows; a fresh one by default. */
  recentRecalls?: RecentRecalls;
  lifecycle: Lifecycle;
  token: string | null;
  version: string;
  bodyLimit?: number;
  logger?: FastifyServerOptions["logger"];
  /** Serve the Handoff Report group (default true, as Config's default); off, its paths are unknown (404). */
  handoffReports?: boolean;
  /** Fastify's default ("idle") closes idle connections at once on close; the Server drains them itself (false). */
  forceCloseConnections?: FastifyServerOptions["forceCloseConnections"];
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    genReqId: () => randomBytes(8).toString("hex"),
    return503OnClosing: false,
    // The dashboard's paths carry scope ids (up to 256 characters, percent-encoded up to three bytes each).
    routerOptions: { maxParamLength: 1024 },
    forceCloseConnections: deps.forceCloseConnections ?? "idle",
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
  });
  const metrics = createMetrics(deps.domain.generations);
  const served = servedOperations({ handoffReports: deps.handoffReports ?? true });
  const knownPaths = new Set<string>(served.map((id) => OPERATION_ROUTES[id].path));

  // Only JSON bodies are parsed (application/json, with parameters, or any +json subtype): a missing or other
  // Content-Type is a contract violation, which also shields an unauthenticated loopback Server from browser CSRF.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i, { parseAs: "string" }, parseJsonBody);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?", 1)[0] ?? "";
    if (knownPaths.has(path)) {
      return reply.code(405).send(errorBody("method_not_allowed", "The method is not allowed for this path."));
    }
    return reply.code(404).send(errorBody("not_found", "The requested path was not found."));
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook("onRequest", createAuthHook(deps.token, isDashboardPath));
  app.addHook("preHandler", async (request, reply) => {
    if (!deps.lifecycle.accepting && request.url.startsWith("/v1/")) {
      await sendError(reply, new PowerContextError("runtime_not_ready", "The Runtime is not ready."));
    }
  });
  app.addHook("preHandler", refuseFloatSpelledIntegers);
  app.addHook("onResponse", async (request, reply) => {
    const operation = request.routeOptions.config?.operationId ?? "unknown";
    metrics.requests.inc({ operation, status: String(reply.statusCode) });
    metrics.duration.observe({ operation }, reply.elapsedTime / 1000);
  });

  await app.register(fastifySwagger, { openapi: OPENAPI_INFO });
  await app.register(healthRoutes, { domain: deps.domain, lifecycle: deps.lifecycle });
  await app.register(systemRoutes, { domain: deps.domain, metrics, version: deps.version, served });
  await app.register(sourceRoutes, { domain: deps.domain });
  const recent = deps.recentRecalls ?? new RecentRecalls(deps.domain);
  await app.register(contextRoutes, { domain: deps.domain, recall: deps.recall, recent });
  await app.register(memoryRoutes, { domain: deps.domain });
  await app.register(candidateRoutes, { domain: deps.domain });
  await app.register(handoffRoutes, { domain: deps.domain });
  await app.register(workRoutes, { domain: deps.domain });
  if (served.includes("get_handoff_report")) await app.register(handoffReportRoutes, { domain: deps.domain });
  await app.register(artifactRoutes, { domain: deps.domain });
  await app.register(externalSkillRoutes, { domain: deps.domain });
  await app.register(purgeRoutes, { domain: deps.domain });
  await app.register(mcpRoutes, { version: deps.version, token: deps.token, served });
  await app.register(dashboardRoutes, { domain: deps.domain, recent, token: deps.token });
  await app.ready();
  return app;
}

/** The operations this Server registers: the whole table, less the Handoff Report group when it is off. */
export function servedOperations(options: { handoffReports: boolean }): OperationId[] {
  const all = Object.keys(OPERATION_ROUTES) as OperationId[];
  return options.handoffReports ? all : all.filter((id) => !HANDOFF_REPORT_OPERATIONS.includes(id));
}

declare module "fastify" {
  interface FastifyContextConfig {
    operationId?: string;
  }
}
