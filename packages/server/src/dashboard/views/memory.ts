// A scope's Memory: search (ranked as recall ranks) or the entries filtered by kind and state, a page at a time.
import type { FastifyInstance } from "fastify";
import { browseMemory, type StateFilter } from "../../domain/overview/browse-memory.ts";
import { html, pathOf } from "../html.ts";
import { scopeTabPath } from "../layout.ts";
import { purgePath } from "./purge.ts";
import {
  type DashboardDeps,
  isScopeId,
  queryValue,
  type ScopeParams,
  sendNotFound,
  sendPage,
  shown,
} from "../respond.ts";

const PAGE_SIZE = 50;
const STATES: StateFilter[] = ["active", "inactive", "all"];

interface MemoryQuery {
  q?: string;
  kind?: string;
  state?: string;
  offset?: string;
}

export function memoryView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get<ScopeParams & { Querystring: MemoryQuery }>("/ui/scopes/:scope/memory", async (request, reply) => {
    const scopeId = request.params.scope;
    if (!isScopeId(scopeId)) return sendNotFound(request, reply, "No such scope.");
    const query = queryValue(request.query.q).slice(0, 2000);
    const kind = queryValue(request.query.kind);
    const state = STATES.find((value) => value === request.query.state) ?? "active";
    const offset = Math.min(Math.max(Number.parseInt(queryValue(request.query.offset), 10) || 0, 0), 1_000_000);
    const page = await browseMemory(deps.domain, { scope_id: scopeId, query, kind, state, offset, limit: PAGE_SIZE });
    const filters = html`<form method="get" class="filters" role="search">
      <input type="search" name="q" value="${query}" placeholder="Search as recall would" aria-label="Search Memory" autofocus>
      <select name="kind" aria-label="Kind"><option value="">every kind</option>
        ${page.kinds.map((name) => html`<option value="${name}"${name === kind ? html` selected` : ""}>${name}</option>`)}
      </select>
      <select name="state" aria-label="State">
        ${STATES.map((name) => html`<option value="${name}"${name === state ? html` selected` : ""}>${name}</option>`)}
      </select>
      <button type="submit">Show</button>
    </form>`;
    const rows = page.entries.map(
      ({ entry, score }) => html`<tr class="entry" data-state="${entry.state}">
        <td><a href="${pathOf("ui", "scopes", scopeId, "memory", entry.citation.entry_id)}">${entry.kind}</a></td>
        <td class="text">${shown(entry.text)}</td>
        <td>${entry.state}</td>
        <td class="num">v${entry.version}</td>
        ${score === null ? "" : html`<td class="num">${score.toFixed(3)}</td>`}
      </tr>`,
    );
    const next = offset + PAGE_SIZE < page.total;
    const pageLink = (to: number): string =>
      `${scopeTabPath(scopeId, "memory")}?${new URLSearchParams({ q: query, kind, state, offset: String(to) })}`;
    const body = html`${filters}
      <p class="muted">${page.total} ${query ? "hits" : "entries"}${page.memory ? ` · Memory revision ${page.memory.revision}` : ""}</p>
      <table class="grid" id="entries"><thead><tr><th>Kind</th><th>Text</th><th>State</th><th class="num">Version</th>
        ${query ? html`<th class="num">Score</th>` : ""}</tr></thead><tbody>${rows}</tbody></table>
      <p class="pager">${offset > 0 ? html`<a href="${pageLink(Math.max(offset - PAGE_SIZE, 0))}">Previous</a>` : ""}
        ${next ? html`<a href="${pageLink(offset + PAGE_SIZE)}">Next</a>` : ""}</p>
      <p><a class="danger" id="purge-scope" href="${purgePath(scopeId, "scope")}">Purge this whole scope…</a></p>`;
    return sendPage(request, reply, { title: "Memory", scope: { scope_id: scopeId, tab: "memory" }, body });
  });
}
