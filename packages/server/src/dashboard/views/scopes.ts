// `/`: every scope with its counts and last activity, each linking to its views.
import type { FastifyInstance } from "fastify";
import { html } from "../html.ts";
import { scopeTabPath } from "../layout.ts";
import { type DashboardDeps, sendPage, shortTime } from "../respond.ts";

export function scopesView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get("/", async (request, reply) => {
    const scopes = await deps.domain.store.listScopes();
    const rows = scopes.map(
      (scope) => html`<tr>
        <th scope="row"><a href="${scopeTabPath(scope.scope_id, "memory")}">${scope.scope_id}</a></th>
        <td class="num">${scope.sources}</td>
        <td class="num">${scope.active_entries}</td>
        <td class="num">${
          scope.pending_candidates > 0
            ? html`<a href="${scopeTabPath(scope.scope_id, "review")}">${scope.pending_candidates}</a>`
            : "0"
        }</td>
        <td class="num">${scope.handoff_revisions}</td>
        <td>${shortTime(scope.last_activity)}</td>
      </tr>`,
    );
    const body =
      scopes.length === 0
        ? html`<p>No scope holds anything yet. Captures, memories and handoffs appear here as agents use the Server.</p>`
        : html`<table class="grid" id="scopes">
            <thead><tr><th>Scope</th><th class="num">Sources</th><th class="num">Active entries</th>
              <th class="num">Pending candidates</th><th class="num">Handoffs</th><th>Last activity (UTC)</th></tr></thead>
            <tbody>${rows}</tbody>
          </table>`;
    return sendPage(request, reply, { title: "Scopes", body });
  });
}
