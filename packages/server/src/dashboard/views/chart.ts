// A chart placeholder: the figures travel in a data attribute (escaped like any value), charts.js draws them with
// uPlot, and the same figures stay readable in the table beside it.
import { html, type SafeHtml } from "../html.ts";

export interface ChartSeries {
  label: string;
  values: number[];
  /** "right": drawn against a second scale on the right (a rate or a size beside counts). */
  axis?: "right";
}

export function chart(name: string, title: string, dates: readonly string[], series: readonly ChartSeries[]): SafeHtml {
  return html`<figure class="chart" id="chart-${name}" data-chart="${JSON.stringify({ title, dates, series })}"
    role="img" aria-label="${title}"><figcaption>${title}</figcaption></figure>`;
}
