// One entry: its full history with citations back to the Source text, and the revise and retire forms (each names
// the head citation it was shown, so a change made meanwhile is refused, not overwritten).
import type { MemoryEntry } from "@powercontext/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type EntryHistory, readEntryHistory } from "../../domain/overview/entry-history.ts";
import { retireMemoryEntry, reviseMemoryEntry } from "../../domain/memory/write-memory.ts";
import { field, formOf } from "../form-body.ts";
import { hasValidCsrf } from "../guard.ts";
import { html, pathOf, type SafeHtml } from "../html.ts";
import { type DashboardDeps, isScopeId, queryValue, sendNotFound, sendPage, shortTime, shown } from "../respond.ts";
import { runWrite, type WriteOutcome } from "../write-outcome.ts";
import { purgePath } from "./purge.ts";

type EntryRoute = { Params: { scope: string; entry: string }; Querystring: { done?: string } };

const DONE: Record<string, string> = { revised: "Entry revised.", retired: "Entry retired." };

/** The head citation the form was shown (the version check) and the session's CSRF token. */
function citationFields(entry: MemoryEntry, csrf: string): SafeHtml {
  const { citation } = entry;
  return html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="revision" value="${citation.memory_ref.revision}">
    <input type="hidden" name="entry_version_id" value="${citation.entry_version_id}">`;
}

function sourceQuote(history: EntryHistory, sourceId: string): SafeHtml {
  const source = history.sources.get(sourceId);
  if (!source) return html`<li><code>${sourceId}</code> <span class="muted">(not in the journal)</span></li>`;
  return html`<li><details><summary>Source <code>${sourceId}</code> · position ${source.position} · ${shortTime(source.captured_at)}</summary>
    <pre class="source">${shown(source.content)}</pre></details></li>`;
}

function renderHistory(history: EntryHistory): SafeHtml {
  return html`<ol class="history">${history.steps.map(
    (step) => html`<li><strong>${step.op}</strong> in revision ${step.revision} · ${shortTime(step.created_at)}
      ${step.reason ? html` · <em>${shown(step.reason)}</em>` : ""}
      ${
        step.entry
          ? html`<blockquote>${shown(step.entry.text)}</blockquote>
        <ul class="citations">${step.entry.source_refs.map((ref) => sourceQuote(history, ref.source_id))}</ul>`
          : ""
      }
    </li>`,
  )}</ol>`;
}

function renderForms(scopeId: string, head: MemoryEntry, csrf: string): SafeHtml {
  if (head.state !== "active") return html`<p class="muted">This entry is retired.</p>`;
  const base = pathOf("ui", "scopes", scopeId, "memory", head.citation.entry_id);
  return html`<section class="forms">
    <form method="post" action="${base}/revise" class="card"><h2>Revise</h2>${citationFields(head, csrf)}
      <label>Kind <input name="kind" value="${head.kind}" required></label>
      <label>Text <textarea name="text" rows="4" required>${shown(head.text)}</textarea></label>
      <label>Reason <input name="reason"></label><button type="submit">Revise</button></form>
    <form method="post" action="${base}/retire" class="card"><h2>Retire</h2>${citationFields(head, csrf)}
      <label>Reason <input name="reason" required></label><button type="submit" class="danger">Retire</button></form>
  </section>`;
}

async function showEntry(
  deps: DashboardDeps,
  request: FastifyRequest<EntryRoute>,
  reply: FastifyReply,
  outcome: WriteOutcome | null,
): Promise<FastifyReply> {
  const { scope: scopeId, entry: entryId } = request.params;
  if (!isScopeId(scopeId)) return sendNotFound(request, reply, "No such scope.");
  const history = await readEntryHistory(deps.domain, { scope_id: scopeId, entry_id: entryId });
  if (history.head === null) return sendNotFound(request, reply, "No such entry in this scope.");
  const done = DONE[queryValue(request.query.done)];
  const notice =
    outcome?.status === "refused" ? html`<span class="refused">${outcome.message}</span>` : done ? html`${done}` : null;
  const body = html`<p><span class="tag">${history.head.kind}</span> ${history.head.state} · version ${history.head.version}
      · <code>${entryId}</code></p>
    <blockquote class="current">${shown(history.head.text)}</blockquote>
    ${renderForms(scopeId, history.head, request.dashboardSession?.csrf ?? "")}
    <h2>History</h2>${renderHistory(history)}
    <p><a class="danger" id="purge-entry" href="${purgePath(scopeId, "entry", entryId)}">Purge this entry…</a></p>`;
  return sendPage(
    request,
    reply,
    { title: "Memory entry", scope: { scope_id: scopeId, tab: "memory" }, notice, body },
    outcome?.status === "refused" ? 409 : 200,
  );
}

function citationOf(request: FastifyRequest<EntryRoute>) {
  const form = formOf(request);
  return {
    memory_ref: { family: "memory", artifact_id: "memory", revision: Number(field(form, "revision")) },
    entry_id: request.params.entry,
    entry_version_id: field(form, "entry_version_id"),
  };
}

export function entryView(app: FastifyInstance, deps: DashboardDeps): void {
  const path = "/ui/scopes/:scope/memory/:entry";
  app.get<EntryRoute>(path, (request, reply) => showEntry(deps, request, reply, null));
  const act = (action: "revise" | "retire") =>
    app.post<EntryRoute>(`${path}/${action}`, async (request, reply) => {
      if (!hasValidCsrf(request)) return reply.code(403).type("text/plain").send("The form expired; reload the page.");
      const form = formOf(request);
      const reason = field(form, "reason").trim();
      const target = { scope_id: request.params.scope, citation: citationOf(request) };
      const outcome =
        action === "revise"
          ? await runWrite(
              "revise_memory_entry",
              { ...target, kind: field(form, "kind"), text: field(form, "text"), reason: reason || null },
              (body) => reviseMemoryEntry(deps.domain, body),
            )
          : await runWrite("retire_memory_entry", { ...target, reason: reason || null }, (body) =>
              retireMemoryEntry(deps.domain, body),
            );
      if (outcome.status === "refused") return showEntry(deps, request, reply, outcome);
      const done = action === "revise" ? "revised" : "retired";
      return reply.redirect(
        `${pathOf("ui", "scopes", request.params.scope, "memory", request.params.entry)}?done=${done}`,
        303,
      );
    });
  act("revise");
  act("retire");
}
