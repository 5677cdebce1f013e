// Purge, the one deletion path, as the CLI offers it: a confirmation page where the person types the scope id, as at
// the terminal (a GET shows it, so a stray link deletes nothing), then the purge through the same domain function as the API,
// answered with its audit record.
import type { PurgeResponse } from "@powercontext/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  confirmationAnswer,
  describePurge,
  describeTarget,
  type PurgeRequest,
} from "../../domain/lifecycle/purge-description.ts";
import { purgeMemoryEntry, purgeScope, purgeSource } from "../../domain/lifecycle/purge.ts";
import { field, formOf } from "../form-body.ts";
import { hasValidCsrf } from "../guard.ts";
import { html, pathOf, type SafeHtml } from "../html.ts";
import { type DashboardDeps, isScopeId, queryValue, type ScopeParams, sendNotFound, sendPage } from "../respond.ts";
import { runWrite, type WriteOutcome } from "../write-outcome.ts";

type PurgeRoute = ScopeParams & { Querystring: { target?: string; id?: string } };

/** The confirmation page's address for one target (the entry page, the timeline and the Memory tab link to it). */
export function purgePath(scopeId: string, target: PurgeRequest["target"], id?: string): string {
  const query = new URLSearchParams({ target, ...(id ? { id } : {}) });
  return `${pathOf("ui", "scopes", scopeId, "purge")}?${query.toString()}`;
}

function requestOf(scopeId: string, target: string, id: string): PurgeRequest | null {
  if (target === "scope") return { target, scope: scopeId };
  if ((target === "source" || target === "entry") && id.length > 0 && id.length <= 128) {
    return { target, scope: scopeId, id };
  }
  return null;
}

function confirmForm(purge: PurgeRequest, csrf: string): SafeHtml {
  const answer = confirmationAnswer(purge);
  return html`<form method="post" action="${pathOf("ui", "scopes", purge.scope, "purge")}" class="card" id="purge">
    <p>This permanently deletes ${describeTarget(purge)}, with no way back. An audit record of the purge is kept.</p>
    <input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="target" value="${purge.target}">
    <input type="hidden" name="id" value="${purge.target === "scope" ? "" : purge.id}">
    <label>Type the scope id <code>${answer}</code> to confirm <input name="confirm" autocomplete="off" required></label>
    <button type="submit" class="danger">Purge</button></form>`;
}

function auditResult(response: PurgeResponse): SafeHtml {
  const lines = describePurge(response).split("\n");
  return html`<div id="purge-result">${lines.map((line) => html`<p>${line}</p>`)}</div>
    <p><a href="${pathOf("ui", "scopes", response.audit.scope_id, "memory")}">Back to the scope</a> ·
      <a href="/">All scopes</a></p>`;
}

async function runPurge(
  deps: DashboardDeps,
  purge: PurgeRequest,
): Promise<{ outcome: WriteOutcome; response: PurgeResponse | null }> {
  // Set inside the write (a holder, since the compiler cannot see the callback assign a local).
  const held: { response: PurgeResponse | null } = { response: null };
  const scope_id = purge.scope;
  const outcome =
    purge.target === "source"
      ? await runWrite("purge_source", { scope_id, source_id: purge.id }, async (body) => {
          held.response = await purgeSource(deps.domain, body);
        })
      : purge.target === "entry"
        ? await runWrite("purge_memory_entry", { scope_id, entry_id: purge.id }, async (body) => {
            held.response = await purgeMemoryEntry(deps.domain, body);
          })
        : await runWrite("purge_scope", { scope_id }, async (body) => {
            held.response = await purgeScope(deps.domain, body);
          });
  return { outcome, response: held.response };
}

function showConfirm(
  request: FastifyRequest<PurgeRoute>,
  reply: FastifyReply,
  purge: PurgeRequest,
  refusal: { message: string; status: number } | null,
): FastifyReply {
  const notice = refusal ? html`<span class="refused">${refusal.message}</span>` : null;
  const body = confirmForm(purge, request.dashboardSession?.csrf ?? "");
  return sendPage(
    request,
    reply,
    { title: "Purge", scope: { scope_id: purge.scope, tab: "memory" }, notice, body },
    refusal?.status ?? 200,
  );
}

export function purgeView(app: FastifyInstance, deps: DashboardDeps): void {
  const path = "/ui/scopes/:scope/purge";
  app.get<PurgeRoute>(path, (request, reply) => {
    const scopeId = request.params.scope;
    const purge = requestOf(scopeId, queryValue(request.query.target), queryValue(request.query.id));
    if (!isScopeId(scopeId) || purge === null) return sendNotFound(request, reply, "Nothing to purge here.");
    return showConfirm(request, reply, purge, null);
  });
  app.post<PurgeRoute>(path, async (request, reply) => {
    if (!hasValidCsrf(request)) return reply.code(403).type("text/plain").send("The form expired; reload the page.");
    const form = formOf(request);
    const scopeId = request.params.scope;
    const purge = requestOf(scopeId, field(form, "target"), field(form, "id"));
    if (!isScopeId(scopeId) || purge === null) return sendNotFound(request, reply, "Nothing to purge here.");
    if (field(form, "confirm").trim() !== confirmationAnswer(purge)) {
      const message = `Not confirmed: nothing was purged (${describeTarget(purge)}).`;
      return showConfirm(request, reply, purge, { message, status: 400 });
    }
    const { outcome, response } = await runPurge(deps, purge);
    if (outcome.status === "refused" || response === null) {
      const message = outcome.status === "refused" ? outcome.message : "Not purged.";
      return showConfirm(request, reply, purge, { message, status: 409 });
    }
    return sendPage(request, reply, { title: "Purged", notice: html`Purged.`, body: auditResult(response) });
  });
}
