// The dashboard: server-rendered pages at `/` and under `/ui/`, served by the Server itself. Its own plugin scope, so
// form bodies and cookie sessions exist only here; the API under /v1 is untouched.
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../domain/deps.ts";
import type { RecentRecalls } from "../domain/stats/recent-recalls.ts";
import { serveAssets } from "./assets.ts";
import { acceptForms } from "./form-body.ts";
import { createGuard } from "./guard.ts";
import type { DashboardDeps } from "./respond.ts";
import { type Session, Sessions } from "./sessions.ts";
import { entryView } from "./views/entry.ts";
import { loginView } from "./views/login.ts";
import { memoryView } from "./views/memory.ts";
import { purgeView } from "./views/purge.ts";
import { recallView } from "./views/recall.ts";
import { reviewView } from "./views/review.ts";
import { scopesView } from "./views/scopes.ts";
import { timelineView } from "./views/timeline.ts";

/** Whether a path is the dashboard's (its own cookie login), not the API's (bearer token). */
export function isDashboardPath(path: string): boolean {
  return path === "/" || path.startsWith("/ui/");
}

export async function dashboardRoutes(
  app: FastifyInstance,
  options: { domain: DomainDeps; recent: RecentRecalls; token: string | null },
): Promise<void> {
  const deps: DashboardDeps = { ...options, sessions: new Sessions(() => options.domain.clock.now().getTime()) };
  app.decorate("dashboardHasToken", options.token !== null);
  app.decorateRequest("dashboardSession", null);
  // The pages are not API operations: kept out of the OpenAPI document, and counted under one name in the metrics.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, operationId: "dashboard" };
  });
  acceptForms(app);
  app.addHook("onRequest", createGuard(deps.sessions, options.token));
  serveAssets(app);
  loginView(app, deps);
  scopesView(app, deps);
  memoryView(app, deps);
  entryView(app, deps);
  reviewView(app, deps);
  recallView(app, deps);
  timelineView(app, deps);
  purgeView(app, deps);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Whether a token is configured (then the pages offer to log out). */
    dashboardHasToken: boolean;
  }
  interface FastifyRequest {
    /** The request's session, set by the guard; null before login. */
    dashboardSession: Session | null;
  }
}
