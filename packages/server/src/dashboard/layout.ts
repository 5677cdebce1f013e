// The page shell every view shares: head (our stylesheet and scripts only), the navigation of the current scope, and
// the notice of the last action.
import { html, pathOf, type SafeHtml } from "./html.ts";

export type ScopeTab = "memory" | "review" | "recall" | "timeline";

const TABS: ReadonlyArray<[ScopeTab, string]> = [
  ["memory", "Memory"],
  ["review", "Review inbox"],
  ["recall", "Recall"],
  ["timeline", "Sources & Handoffs"],
];

export interface PageOptions {
  title: string;
  /** The scope being viewed and its active tab; absent on pages outside a scope. */
  scope?: { scope_id: string; tab: ScopeTab };
  /** The session's CSRF token, read by scripts from a meta tag; absent without a session (login). */
  csrf?: string;
  notice?: SafeHtml | null;
  /** Extra module scripts of ours, by asset name; "charts.js" brings uPlot's stylesheet along. */
  scripts?: string[];
  body: SafeHtml;
  /** Without a configured token there is nothing to log out of. */
  canLogOut?: boolean;
}

export function scopeTabPath(scopeId: string, tab: ScopeTab): string {
  return pathOf("ui", "scopes", scopeId, tab);
}

function scopeNav(scope: NonNullable<PageOptions["scope"]>): SafeHtml {
  return html`<nav class="tabs" aria-label="Scope views">
    ${TABS.map(
      ([tab, label]) =>
        html`<a href="${scopeTabPath(scope.scope_id, tab)}"${tab === scope.tab ? html` aria-current="page"` : ""}>${label}</a>`,
    )}
  </nav>`;
}

export function renderPage(options: PageOptions): string {
  const scripts = ["dashboard.js", ...(options.scripts ?? [])];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.csrf ? html`<meta name="csrf-token" content="${options.csrf}">` : ""}
<title>${options.title} · PowerContext</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/ui/assets/dashboard.css">
${scripts.includes("charts.js") ? html`<link rel="stylesheet" href="/ui/assets/uplot.css">` : ""}
${scripts.map((name) => html`<script type="module" src="/ui/assets/${name}"></script>`)}
</head>
<body>
<header class="top">
  <a class="brand" href="/">PowerContext</a>
  ${options.scope ? html`<span class="scope-name" title="Scope">${options.scope.scope_id}</span>` : ""}
  ${
    options.canLogOut && options.csrf
      ? html`<form method="post" action="/ui/logout" class="logout"><input type="hidden" name="csrf" value="${options.csrf}"><button type="submit">Log out</button></form>`
      : ""
  }
</header>
${options.scope ? scopeNav(options.scope) : ""}
<main>
${options.notice ? html`<div class="notice" role="status">${options.notice}</div>` : ""}
<h1>${options.title}</h1>
${options.body}
</main>
</body>
</html>`.markup;
}
