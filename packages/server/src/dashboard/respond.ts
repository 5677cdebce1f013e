// What every view needs: the dependencies, sending a page, the scope id check, and untrusted text made displayable.
import { ScopeId } from "@powercontext/protocol/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Value } from "typebox/value";
import type { DomainDeps } from "../domain/deps.ts";
import { scrubText } from "../domain/secrets/secret-guard.ts";
import type { RecentRecalls } from "../domain/stats/recent-recalls.ts";
import { html, type SafeHtml } from "./html.ts";
import { type PageOptions, renderPage } from "./layout.ts";
import type { Sessions } from "./sessions.ts";

export interface DashboardDeps {
  domain: DomainDeps;
  recent: RecentRecalls;
  sessions: Sessions;
  token: string | null;
}

export type ScopeParams = { Params: { scope: string } };

export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Omit<PageOptions, "csrf" | "canLogOut">,
  status = 200,
): FastifyReply {
  const csrf = request.dashboardSession?.csrf;
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(renderPage({ ...options, ...(csrf ? { csrf } : {}), canLogOut: request.server.dashboardHasToken }));
}

export function isScopeId(value: string): boolean {
  return Value.Check(ScopeId, value);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply, what: string): FastifyReply {
  return sendPage(
    request,
    reply,
    { title: "Not found", body: html`<p>${what}</p><p><a href="/">All scopes</a></p>` },
    404,
  );
}

/** Stored text is untrusted: escaped by `html`, and scrubbed of secrets again in case one slipped past capture. */
export function shown(text: string): string {
  return scrubText(text);
}

export function shortTime(iso: string | null): SafeHtml {
  if (iso === null) return html`<span class="muted">never</span>`;
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")}</time>`;
}

/** A query parameter as one string: a repeated parameter (an array) or a missing one reads as "". */
export function queryValue(value: unknown): string {
  return typeof value === "string" ? value : "";
}
