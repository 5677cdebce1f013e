// The review inbox: pending Memory, Experience and Skill candidates with the Source text they came from; approve,
// reject or revise one or many.
// Works as plain forms; review.js adds the keyboard and posts the same form with fetch (answered in JSON).
import type { MemoryCandidate } from "@powercontext/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ReviewInbox, readReviewInbox } from "../../domain/overview/review-inbox.ts";
import { approveArtifactCandidate, rejectArtifactCandidate } from "../../domain/artifacts/review-inbox.ts";
import { approveCandidate, rejectCandidate, reviseCandidate } from "../../domain/review/candidates.ts";
import { type FormFields, field, formOf } from "../form-body.ts";
import { hasValidCsrf } from "../guard.ts";
import { html, type SafeHtml } from "../html.ts";
import { scopeTabPath } from "../layout.ts";
import {
  type DashboardDeps,
  isScopeId,
  queryValue,
  type ScopeParams,
  sendNotFound,
  sendPage,
  shown,
} from "../respond.ts";
import { runWrite, type WriteOutcome } from "../write-outcome.ts";
import { ARTIFACT_ITEM_PREFIX, artifactRow, citedSources } from "./artifact-candidates.ts";
import { reviseArtifactFromForm } from "./artifact-revise.ts";

/** Who the dashboard's decisions are recorded as. */
export const DASHBOARD_REVIEWER = "dashboard";
export const DEFAULT_REJECT_REASON = "Rejected in review.";
const ACTIONS = ["approve", "reject", "revise"] as const;
type ReviewAction = (typeof ACTIONS)[number];

type InboxRoute = ScopeParams & { Querystring: { cursor?: string; done?: string } };

export interface ItemOutcome {
  candidate_id: string;
  outcome: WriteOutcome;
}

function candidateRow(inbox: ReviewInbox, candidate: MemoryCandidate): SafeHtml {
  const id = candidate.candidate_id;
  const sources = citedSources(inbox, candidate.source_refs);
  return html`<li class="candidate" id="c-${id}" data-id="${id}" data-version="${candidate.version}" tabindex="-1">
    <label class="pick"><input type="checkbox" name="item" value="${id}:${candidate.version}" aria-label="Select"></label>
    <div class="body">
      <p><span class="tag" data-field="kind">${candidate.proposal.kind}</span> <span class="muted">confidence ${candidate.confidence.toFixed(2)}
        · ${candidate.extractor} · v${candidate.version}</span></p>
      <p class="text" data-field="text">${shown(candidate.proposal.text)}</p>
      <div class="revise" hidden>
        <input name="kind-${id}" value="${candidate.proposal.kind}" aria-label="Kind">
        <textarea name="text-${id}" rows="3" aria-label="Text">${shown(candidate.proposal.text)}</textarea>
      </div>
      ${sources}
      <p class="item-status" role="status"></p>
    </div>
  </li>`;
}

const HELP = html`<p class="keys" id="keys">Keys: <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> select ·
  <kbd>a</kbd> approve · <kbd>r</kbd> reject · <kbd>e</kbd> revise (<kbd>Ctrl</kbd>+<kbd>Enter</kbd> saves, <kbd>Esc</kbd> cancels) ·
  <kbd>*</kbd> select all. With a selection, <kbd>a</kbd> and <kbd>r</kbd> decide every selected candidate.</p>`;

function summarize(results: readonly ItemOutcome[]): SafeHtml | null {
  if (results.length === 0) return null;
  const done = results.filter((result) => result.outcome.status === "done").length;
  const refused = results.flatMap((result) =>
    result.outcome.status === "refused"
      ? [html`<li><code>${result.candidate_id}</code>: ${result.outcome.message}</li>`]
      : [],
  );
  return html`${done} decided.${refused.length > 0 ? html`<ul class="refused">${refused}</ul>` : ""}`;
}

async function showInbox(
  deps: DashboardDeps,
  request: FastifyRequest<InboxRoute>,
  reply: FastifyReply,
  results: readonly ItemOutcome[],
): Promise<FastifyReply> {
  const scopeId = request.params.scope;
  if (!isScopeId(scopeId)) return sendNotFound(request, reply, "No such scope.");
  const cursor = queryValue(request.query.cursor).slice(0, 128);
  const inbox = await readReviewInbox(deps.domain, { scope_id: scopeId, cursor: cursor || null });
  const done = Number.parseInt(queryValue(request.query.done), 10);
  const notice = summarize(results) ?? (Number.isFinite(done) ? html`${done} decided.` : null);
  const next = inbox.next_cursor
    ? html`<a href="${scopeTabPath(scopeId, "review")}?${new URLSearchParams({ cursor: inbox.next_cursor }).toString()}">Next page</a>`
    : "";
  const artifacts =
    inbox.artifacts.length === 0
      ? ""
      : html`<h2>Experience and Skill candidates</h2><ol class="inbox artifacts">${inbox.artifacts.map((candidate) => artifactRow(inbox, candidate))}</ol>
        ${inbox.more_artifacts ? html`<p class="muted">More Experience and Skill candidates wait; they show as these are decided.</p>` : ""}`;
  const body =
    inbox.candidates.length === 0 && inbox.artifacts.length === 0
      ? html`<p id="inbox-empty">Nothing is waiting for review.</p>`
      : html`${HELP}<form method="post" id="review" action="${scopeTabPath(scopeId, "review")}">
          <input type="hidden" name="csrf" value="${request.dashboardSession?.csrf ?? ""}">
          <div class="bulk"><label>Reject reason <input name="reason" value="${DEFAULT_REJECT_REASON}"></label>
            <button type="submit" name="action" value="approve">Approve selected</button>
            <button type="submit" name="action" value="reject" class="danger">Reject selected</button>
            <button type="submit" name="action" value="revise">Save revised</button></div>
          ${inbox.candidates.length > 0 ? html`<h2>Memory candidates</h2>` : ""}
          <ol class="inbox">${inbox.candidates.map((candidate) => candidateRow(inbox, candidate))}</ol>${artifacts}</form>
          <p class="pager">${next}</p>`;
  const hasRefusal = results.some((result) => result.outcome.status === "refused");
  return sendPage(
    request,
    reply,
    { title: "Review inbox", scope: { scope_id: scopeId, tab: "review" }, notice, body, scripts: ["review.js"] },
    hasRefusal ? 409 : 200,
  );
}

/** A selected `candidate_id:version`, or `artifact:candidate_id:version` for an Experience or Skill candidate. */
function parseItem(item: string): { artifact: boolean; candidateId: string; version: number } {
  const artifact = item.startsWith(ARTIFACT_ITEM_PREFIX);
  const [candidateId = "", version = ""] = item.slice(artifact ? ARTIFACT_ITEM_PREFIX.length : 0).split(":");
  return { artifact, candidateId, version: Number(version) };
}

/** One decision on an Experience or Skill candidate, through the same domain functions as the API's. */
function decideArtifact(
  deps: DashboardDeps,
  action: ReviewAction,
  target: CandidateTarget,
  reason: string,
  form: FormFields,
): Promise<WriteOutcome> {
  switch (action) {
    case "approve":
      return runWrite("approve_artifact_candidate", target, (body) => approveArtifactCandidate(deps.domain, body));
    case "reject":
      return runWrite("reject_artifact_candidate", { ...target, reason: reason || DEFAULT_REJECT_REASON }, (body) =>
        rejectArtifactCandidate(deps.domain, body),
      );
    case "revise":
      return reviseArtifactFromForm(deps, target, form);
    default: {
      const unreachable: never = action;
      throw new Error(`unknown review action ${String(unreachable)}`);
    }
  }
}

type CandidateTarget = { scope_id: string; candidate_id: string; expected_version: number };

/** One decision on one selected item, through the same domain function as the API's. */
function decideOne(deps: DashboardDeps, scopeId: string, action: ReviewAction, item: string, form: FormFields) {
  const { artifact, candidateId, version } = parseItem(item);
  const target = { scope_id: scopeId, candidate_id: candidateId, expected_version: version };
  const reason = field(form, "reason").trim();
  if (artifact) return decideArtifact(deps, action, target, reason, form);
  switch (action) {
    case "approve":
      return runWrite("approve_memory_candidate", { ...target, reviewer: DASHBOARD_REVIEWER }, (body) =>
        approveCandidate(deps.domain, body),
      );
    case "reject":
      return runWrite(
        "reject_memory_candidate",
        { ...target, reason: reason || DEFAULT_REJECT_REASON, reviewer: DASHBOARD_REVIEWER },
        (body) => rejectCandidate(deps.domain, body),
      );
    case "revise": {
      const proposal = { kind: field(form, `kind-${candidateId}`), text: field(form, `text-${candidateId}`) };
      return runWrite("revise_memory_candidate", { ...target, proposal, reason: reason || null }, (body) =>
        reviseCandidate(deps.domain, body),
      );
    }
    default: {
      const unreachable: never = action;
      throw new Error(`unknown review action ${String(unreachable)}`);
    }
  }
}

export function reviewView(app: FastifyInstance, deps: DashboardDeps): void {
  app.get<InboxRoute>("/ui/scopes/:scope/review", (request, reply) => showInbox(deps, request, reply, []));
  app.post<InboxRoute>("/ui/scopes/:scope/review", async (request, reply) => {
    if (!hasValidCsrf(request)) return reply.code(403).type("text/plain").send("The form expired; reload the page.");
    const form = formOf(request);
    const action = ACTIONS.find((name) => name === field(form, "action"));
    const items = (form.get("item") ?? []).slice(0, 200);
    const wantsJson = (request.headers.accept ?? "").includes("application/json");
    if (!action || items.length === 0) {
      const message = action ? "Select at least one candidate." : "Choose approve, reject or revise.";
      if (wantsJson) return reply.code(400).send({ error: message });
      return showInbox(deps, request, reply, [
        { candidate_id: "-", outcome: { status: "refused", code: "invalid_request", message } },
      ]);
    }
    const results: ItemOutcome[] = [];
    // One at a time, so each decision reads what the previous one committed.
    for (const item of items) {
      results.push({
        candidate_id: parseItem(item).candidateId,
        outcome: await decideOne(deps, request.params.scope, action, item, form),
      });
    }
    if (wantsJson) return reply.header("cache-control", "no-store").send({ results });
    if (results.every((result) => result.outcome.status === "done")) {
      return reply.redirect(`${scopeTabPath(request.params.scope, "review")}?done=${results.length}`, 303);
    }
    return showInbox(deps, request, reply, results);
  });
}
