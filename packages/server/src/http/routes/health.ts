// Liveness and readiness (public paths).
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import type { Lifecycle } from "../lifecycle.ts";
import { route } from "../route.ts";

export async function healthRoutes(
  app: FastifyInstance,
  options: { domain: DomainDeps; lifecycle: Lifecycle },
): Promise<void> {
  route(app, "get_liveness", async () => ({ body: { status: "ok" } }));
  route(app, "get_readiness", async () => {
    const runtime = options.lifecycle.accepting && !options.lifecycle.draining ? "ready" : "not_ready";
    const database = await options.domain.store.ping().then(
      () => "ready",
      () => "unavailable",
    );
    const ready = runtime === "ready" && database === "ready";
    return {
      status: ready ? 200 : 503,
      body: { status: ready ? "ready" : "not_ready", checks: { runtime, database } },
    };
  });
}
