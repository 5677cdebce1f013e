// The login step (only with a configured token): the token, once checked, becomes a session cookie (HttpOnly,
// SameSite=Strict); the token itself is never stored in the browser or echoed.
import type { FastifyInstance } from "fastify";
import { tokenMatches } from "../../http/auth.ts";
import { field, formOf } from "../form-body.ts";
import { hasValidCsrf, LOGIN_PATH } from "../guard.ts";
import { html } from "../html.ts";
import { type DashboardDeps, sendPage } from "../respond.ts";
import { sessionCookie, sessionIdOf } from "../sessions.ts";

function loginForm(failed: boolean) {
  return html`${failed ? html`<p class="refused" role="alert">That token is not the Server's token.</p>` : ""}
    <form method="post" action="${LOGIN_PATH}" class="card login">
      <label>Server token <input type="password" name="token" autocomplete="current-password" required autofocus></label>
      <button type="submit">Log in</button>
    </form>`;
}

export function loginView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get(LOGIN_PATH, async (request, reply) => {
    if (deps.token === null || request.dashboardSession) return reply.redirect("/", 303);
    return sendPage(request, reply, { title: "Log in", body: loginForm(false) });
  });
  app.post(LOGIN_PATH, async (request, reply) => {
    if (deps.token === null) return reply.redirect("/", 303);
    if (!tokenMatches(field(formOf(request), "token"), deps.token)) {
      return sendPage(request, reply, { title: "Log in", body: loginForm(true) }, 401);
    }
    deps.sessions.end(sessionIdOf(request.headers.cookie));
    const session = deps.sessions.create();
    return reply.header("set-cookie", sessionCookie(session)).redirect("/", 303);
  });
  app.post("/ui/logout", async (request, reply) => {
    if (!hasValidCsrf(request)) return reply.code(403).type("text/plain").send("The form expired; reload the page.");
    deps.sessions.end(sessionIdOf(request.headers.cookie));
    return reply.header("set-cookie", sessionCookie(null)).redirect(LOGIN_PATH, 303);
  });
}
