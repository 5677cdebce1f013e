// Recall: the daily trend from the store's recall counters (prepares ready and empty, hit rate, items, bytes, tokens),
// and the recent prepares this Server process saw (their prompt's digest and scrubbed opening words, what was recalled
// with its scores, the bytes spent).
import type { FastifyInstance } from "fastify";
import type { RecentRecall } from "../../domain/stats/recent-recalls.ts";
import { type RecallDay, readRecallTrend } from "../../domain/stats/recall-trend.ts";
import { TOKEN_ESTIMATOR } from "../../domain/stats/token-estimate.ts";
import { html, pathOf, type SafeHtml } from "../html.ts";
import {
  type DashboardDeps,
  isScopeId,
  type ScopeParams,
  sendNotFound,
  sendPage,
  shortTime,
  shown,
} from "../respond.ts";
import { chart } from "./chart.ts";

const RECENT_SHOWN = 50;

function recentRecall(scopeId: string, recall: RecentRecall): SafeHtml {
  return html`<li class="recall ${recall.status}">
    <p>${shortTime(recall.at)} · <strong>${recall.status}</strong> · ${recall.items.length} items · ${recall.content_bytes} bytes
      · prompt <code title="sha256 of the whole prompt">${recall.prompt_digest.slice(0, 12)}</code> (${recall.prompt_chars} characters)</p>
    <blockquote class="prompt">${shown(recall.prompt_excerpt)}</blockquote>
    ${
      recall.items.length === 0
        ? ""
        : html`<table class="grid small"><thead><tr><th class="num">Score</th><th class="num">Bytes</th><th>Recalled</th></tr></thead><tbody>
      ${recall.items.map(
        (item) => html`<tr><td class="num">${item.score.toFixed(3)}</td><td class="num">${item.bytes}</td>
          <td>${item.entry_id ? html`<a href="${pathOf("ui", "scopes", scopeId, "memory", item.entry_id)}">${shown(item.excerpt)}</a>` : shown(item.excerpt)}</td></tr>`,
      )}</tbody></table>`
    }
  </li>`;
}

const TREND_DAYS = 30;

function percent(part: number, all: number): number {
  return all === 0 ? 0 : Math.round((100 * part) / all);
}

/** The trend as charts (drawn by charts.js) over the same figures as the table below them. */
function trendCharts(days: readonly RecallDay[]): SafeHtml {
  const dates = days.map((day) => day.date);
  const values = (count: (day: RecallDay) => number): number[] => days.map(count);
  return html`<div class="charts">
    ${chart("recall", "Prepares per day (ready and empty) and hit rate (%, right axis)", dates, [
      { label: "ready", values: values((day) => day.ready_preparations) },
      { label: "empty", values: values((day) => day.preparations - day.ready_preparations) },
      {
        label: "hit rate %",
        values: values((day) => percent(day.ready_preparations, day.preparations)),
        axis: "right",
      },
    ])}
    ${chart("items", "Recalled per day: items, and bytes (right axis)", dates, [
      { label: "items", values: values((day) => day.recalled_items) },
      { label: "bytes", values: values((day) => day.recalled_bytes), axis: "right" },
    ])}
    ${chart("tokens", "Tokens per day: recalled vs. the Sources they stand for", dates, [
      { label: "recalled tokens", values: values((day) => day.recalled_tokens) },
      { label: "baseline tokens", values: values((day) => day.baseline_tokens) },
    ])}</div>`;
}

function trendTable(days: readonly RecallDay[]): SafeHtml {
  return html`<details><summary>The figures per day</summary><table class="grid small" id="recall-days"><thead><tr>
      <th>Date</th><th class="num">Prepares</th><th class="num">Ready</th><th class="num">Hit rate</th>
      <th class="num">Items</th><th class="num">Bytes</th><th class="num">Recalled tokens</th><th class="num">Baseline tokens</th>
    </tr></thead><tbody>${days.map(
      (
        day,
      ) => html`<tr><td>${day.date}</td><td class="num">${day.preparations}</td><td class="num">${day.ready_preparations}</td>
        <td class="num">${percent(day.ready_preparations, day.preparations)}%</td><td class="num">${day.recalled_items}</td>
        <td class="num">${day.recalled_bytes}</td><td class="num">${day.recalled_tokens}</td><td class="num">${day.baseline_tokens}</td></tr>`,
    )}</tbody></table></details>`;
}

export function recallView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get<ScopeParams>("/ui/scopes/:scope/recall", async (request, reply) => {
    const scopeId = request.params.scope;
    if (!isScopeId(scopeId)) return sendNotFound(request, reply, "No such scope.");
    const { days, totals } = await readRecallTrend(deps.domain, scopeId, TREND_DAYS);
    const recent = deps.recent.list(scopeId, RECENT_SHOWN);
    const body = html`<p id="recall-totals">Last ${TREND_DAYS} days: ${totals.preparations} prepares, ${totals.ready_preparations} with recall
        (hit rate ${percent(totals.ready_preparations, totals.preparations)}%), ${totals.recalled_items} items in
        ${totals.recalled_bytes} bytes; ${totals.recalled_tokens} tokens recalled for ${totals.baseline_tokens} tokens of
        Sources (estimator ${TOKEN_ESTIMATOR.estimator_id}).</p>
      ${trendCharts(days)}${trendTable(days)}
      <h2>Recent prepares</h2>
      <p class="muted">Kept in this Server's memory since it started (prompts are never stored): the prompt's sha256 and
        its opening words with secrets redacted.</p>
      ${recent.length === 0 ? html`<p id="no-recalls">No prepare since the Server started.</p>` : html`<ol class="recalls">${recent.map((recall) => recentRecall(scopeId, recall))}</ol>`}`;
    return sendPage(request, reply, {
      title: "Recall",
      scope: { scope_id: scopeId, tab: "recall" },
      body,
      scripts: ["charts.js"],
    });
  });
}
