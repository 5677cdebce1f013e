// Sources and Handoffs: captures per day, the latest Handoff revisions, the latest Memory revisions (flushes and
// edits) and the scope's Sources newest first.
import type { FastifyInstance } from "fastify";
import type { MemoryRevisionChanges } from "@powercontext/protocol";
import type { HandoffRevision } from "../../store/types.ts";
import { readScopeTimeline } from "../../domain/overview/scope-timeline.ts";
import { html, pathOf, type SafeHtml } from "../html.ts";
import { scopeTabPath } from "../layout.ts";
import {
  type DashboardDeps,
  isScopeId,
  queryValue,
  type ScopeParams,
  sendNotFound,
  sendPage,
  shortTime,
  shown,
} from "../respond.ts";
import { chart } from "./chart.ts";
import { purgePath } from "./purge.ts";

const CHANGES_LINKED = 10;

type TimelineRoute = ScopeParams & { Querystring: { before?: string } };

function handoff(revision: HandoffRevision): SafeHtml {
  const content = revision.content;
  const text = (value: unknown): string => (typeof value === "string" ? value : "");
  const state = Array.isArray(content.state) ? content.state : [];
  return html`<li><p>Revision ${revision.revision} · ${shortTime(revision.committed_at)} · ${text(content.disposition)}</p>
    <p><strong>${shown(text(content.objective))}</strong></p>
    <ul>${state.map((item) => html`<li>${shown(text((item as { text?: unknown } | null)?.text))}</li>`)}</ul>
    ${content.next_action ? html`<p>Next: ${shown(text((content.next_action as { text?: unknown }).text ?? content.next_action))}</p>` : ""}</li>`;
}

/** A revision's changes counted by kind, with links to the first few entries (a flush may change thousands). */
function revisionLine(scopeId: string, revision: MemoryRevisionChanges): SafeHtml {
  const counts = new Map<string, number>();
  for (const change of revision.changes) counts.set(change.op, (counts.get(change.op) ?? 0) + 1);
  const summary = [...counts].map(([op, count]) => `${count} ${op}`).join(", ");
  const shownChanges = revision.changes.slice(0, CHANGES_LINKED);
  return html`<li>Revision ${revision.memory_ref.revision}: ${summary} · ${shownChanges.map(
    (change) => html`<a href="${pathOf("ui", "scopes", scopeId, "memory", change.entry_id)}">${change.op}</a> `,
  )}${revision.changes.length > CHANGES_LINKED ? "…" : ""}</li>`;
}

export function timelineView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get<TimelineRoute>("/ui/scopes/:scope/timeline", async (request, reply) => {
    const scopeId = request.params.scope;
    if (!isScopeId(scopeId)) return sendNotFound(request, reply, "No such scope.");
    const before = Number.parseInt(queryValue(request.query.before), 10);
    const timeline = await readScopeTimeline(deps.domain, {
      scope_id: scopeId,
      before: Number.isSafeInteger(before) && before > 0 ? before : null,
    });
    const activity = chart(
      "activity",
      "Captures per day",
      timeline.activity.map((day) => day.date),
      [{ label: "captures", values: timeline.activity.map((day) => day.count) }],
    );
    const body = html`<div class="charts">${activity}</div>
      <h2>Handoffs</h2>${timeline.handoffs.length === 0 ? html`<p class="muted">No Handoff yet.</p>` : html`<ol class="handoffs">${timeline.handoffs.map(handoff)}</ol>`}
      <h2>Memory revisions</h2>${
        timeline.revisions.length === 0
          ? html`<p class="muted">No Memory yet.</p>`
          : html`<ol class="revisions">${timeline.revisions.map((revision) => revisionLine(scopeId, revision))}</ol>`
      }
      <h2>Sources</h2><ol class="sources">${timeline.sources.map(
        (
          source,
        ) => html`<li id="source-${source.position}"><p>${source.position} · ${shortTime(source.captured_at)} · <code>${source.source_id}</code>
          · <a class="danger" href="${purgePath(scopeId, "source", source.source_id)}">Purge…</a></p>
          <pre class="source">${shown(source.content)}</pre></li>`,
      )}</ol>
      ${timeline.older_than === null ? "" : html`<p class="pager"><a href="${scopeTabPath(scopeId, "timeline")}?before=${timeline.older_than}">Older Sources</a></p>`}`;
    return sendPage(request, reply, {
      title: "Sources & Handoffs",
      scope: { scope_id: scopeId, tab: "timeline" },
      body,
      scripts: ["charts.js"],
    });
  });
}
