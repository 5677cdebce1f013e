// The inbox's rows for Experience and Skill candidates, and the cited Source text every candidate row shows. Their
// selection values carry an `artifact:` prefix, since both families draw candidate ids from the same `cand_` space.
import type { ArtifactCandidate, ExperienceProposal, SkillProposal } from "@powercontext/protocol";
import type { ReviewInbox } from "../../domain/overview/review-inbox.ts";
import { html, type SafeHtml } from "../html.ts";
import { shortTime, shown } from "../respond.ts";

export const ARTIFACT_ITEM_PREFIX = "artifact:";

/** The Source text behind each reference, folded; a Source gone from the journal (purged) is said so. */
export function citedSources(inbox: ReviewInbox, refs: ReadonlyArray<{ source_id: string }>): SafeHtml[] {
  return refs.map((ref) => {
    const source = inbox.sources.get(ref.source_id);
    return source
      ? html`<details><summary>Source ${source.position} · ${shortTime(source.captured_at)}</summary><pre class="source">${shown(source.content)}</pre></details>`
      : html`<p class="muted">Source <code>${ref.source_id}</code> is not in the journal.</p>`;
  });
}

// Each shown part carries data-field, the name of its proposal field, so that review.js can show a saved revision.
function experience(proposal: ExperienceProposal): SafeHtml {
  return html`<dl class="proposal"><dt>Situation</dt><dd data-field="situation">${shown(proposal.situation)}</dd>
    <dt>Action</dt><dd data-field="action">${shown(proposal.action)}</dd>
    <dt>Outcome</dt><dd data-field="outcome">${shown(proposal.outcome)}</dd>
    <dt>Lesson</dt><dd class="text" data-field="lesson">${shown(proposal.lesson)}</dd></dl>`;
}

function skill(proposal: SkillProposal): SafeHtml {
  // One line: the paragraph keeps its white space (pre-wrap).
  const title = html`<strong data-field="name">${shown(proposal.name)}</strong>`;
  return html`<p class="text">${title}: <span data-field="description">${shown(proposal.description)}</span></p>
    <pre class="instructions" data-field="instructions">${shown(proposal.instructions)}</pre>
    <ul class="validation" data-field="validation">${proposal.validation.map((check) => html`<li>${shown(check)}</li>`)}</ul>`;
}

/** The editor `e` opens: one field per proposal field, named `<field>-<candidate id>` (Skill checks one a line). */
function editor(candidate: ArtifactCandidate): SafeHtml {
  const id = candidate.candidate_id;
  const fields = proposalFields(candidate);
  return html`<div class="revise" hidden>${fields.map(({ name, label, value, multiline }) =>
    multiline
      ? html`<textarea name="${name}-${id}" rows="3" aria-label="${label}">${shown(value)}</textarea>`
      : html`<input name="${name}-${id}" value="${shown(value)}" aria-label="${label}">`,
  )}</div>`;
}

interface ProposalField {
  name: string;
  label: string;
  value: string;
  multiline: boolean;
}

function proposalFields(candidate: ArtifactCandidate): ProposalField[] {
  if (candidate.family === "experience") {
    const proposal = candidate.proposal as ExperienceProposal;
    return (["situation", "action", "outcome", "lesson"] as const).map((name) => ({
      name,
      label: name[0]?.toUpperCase() + name.slice(1),
      value: proposal[name],
      multiline: true,
    }));
  }
  const proposal = candidate.proposal as SkillProposal;
  return [
    { name: "name", label: "Name", value: proposal.name, multiline: false },
    { name: "description", label: "Description", value: proposal.description, multiline: false },
    { name: "instructions", label: "Instructions", value: proposal.instructions, multiline: true },
    { name: "validation", label: "Checks, one a line", value: proposal.validation.join("\n"), multiline: true },
  ];
}

export function artifactRow(inbox: ReviewInbox, candidate: ArtifactCandidate): SafeHtml {
  const id = candidate.candidate_id;
  const target = candidate.target
    ? html` · revises <code>${candidate.target.artifact_id}</code> r${candidate.target.revision}`
    : "";
  const proposal =
    candidate.family === "experience"
      ? experience(candidate.proposal as ExperienceProposal)
      : skill(candidate.proposal as SkillProposal);
  return html`<li class="candidate artifact" id="c-${id}" data-id="${id}" data-version="${candidate.version}" data-family="artifact" tabindex="-1">
    <label class="pick"><input type="checkbox" name="item" value="${ARTIFACT_ITEM_PREFIX}${id}:${candidate.version}" aria-label="Select"></label>
    <div class="body">
      <p><span class="tag">${candidate.family}</span> <span class="muted">v${candidate.version}${target}
        ${candidate.reason ? html` · <em>${shown(candidate.reason)}</em>` : ""}</span></p>
      ${proposal}
      ${editor(candidate)}
      ${citedSources(inbox, candidate.source_refs)}
      ${candidate.artifact_refs.length > 0 ? html`<p class="muted">Cites ${candidate.artifact_refs.map((ref) => html`<code>${ref.family} ${ref.artifact_id} r${ref.revision}</code> `)}</p>` : ""}
      <p class="item-status" role="status"></p>
    </div>
  </li>`;
}
