// The draft the Server builds without a model: one statement per piece of evidence, citing it, in evidence order;
// the next action only when some evidence states one; shortened and trimmed to fit the byte budget, with omissions.
import {
  truncateUtf8,
  type HandoffCitation,
  type HandoffDraft,
  type HandoffOmission,
  type HandoffStatement,
} from "@powercontext/protocol";
import { contentBytes } from "./content.ts";
import type { Evidence } from "./evidence.ts";
import { describeCitation, nextStepText, statementText } from "./evidence-text.ts";

/** Statements are never shortened below this many bytes; evidence is left out instead. */
export const MIN_STATEMENT_BYTES = 32;
/** More omitted items than this are summarized in one omission. */
const MAX_LISTED_OMISSIONS = 8;

interface Claim {
  text: string;
  citation: HandoffCitation;
}

interface Layout {
  /** Indexes of the evidence stated, ascending. */
  kept: number[];
  withNext: boolean;
  /** `none` is the last resort, when even one summary omission does not fit. */
  omissions: "listed" | "summarized" | "none";
}

function statementOf(claim: Claim, cap: number): HandoffStatement {
  return { text: truncateUtf8(claim.text, cap).text, citations: [claim.citation] };
}

function omissionsOf(left: readonly Claim[], next: Claim | null, mode: Layout["omissions"]): HandoffOmission[] {
  if (mode === "none") return [];
  const omissions: HandoffOmission[] =
    mode === "listed"
      ? left.map((claim) => ({
          text: `${describeCitation(claim.citation)} left out (max_bytes).`,
          citation: claim.citation,
        }))
      : left.length > 0
        ? [{ text: `${left.length} evidence items left out (max_bytes).`, citation: null }]
        : [];
  if (next) omissions.push({ text: "Next action left out (max_bytes).", citation: next.citation });
  return omissions;
}

function layoutDraft(
  objective: string,
  claims: readonly Claim[],
  next: Claim | null,
  layout: Layout,
  cap: number,
): HandoffDraft {
  return {
    objective,
    state: layout.kept.map((index) => statementOf(claims[index] as Claim, cap)),
    disposition: "continuable",
    next_action: next && layout.withNext ? statementOf(next, cap) : null,
    omissions: omissionsOf(
      claims.filter((_, index) => !layout.kept.includes(index)),
      next && !layout.withNext ? next : null,
      layout.omissions,
    ),
  };
}

/**
 * Layouts from richest to poorest: every statement first, then fewer (the first ones kept); the next action goes only
 * after all statements but one; omissions are listed, then summarized. The last resort states the single piece of
 * evidence with the smallest citation and drops the omissions.
 */
function* layouts(claims: readonly Claim[], hasNext: boolean): Generator<Layout> {
  const count = claims.length;
  for (let keep = count; keep >= 1; keep -= 1) {
    const kept = Array.from({ length: keep }, (_, index) => index);
    if (count - keep <= MAX_LISTED_OMISSIONS) yield { kept, withNext: hasNext, omissions: "listed" };
    yield { kept, withNext: hasNext, omissions: "summarized" };
  }
  if (hasNext) yield { kept: [0], withNext: false, omissions: "summarized" };
  const sizes = claims.map((claim, index) => ({ index, size: JSON.stringify(claim.citation).length }));
  const smallest = sizes.sort((a, b) => a.size - b.size || a.index - b.index)[0]?.index ?? 0;
  yield { kept: [smallest], withNext: false, omissions: "none" };
}

/**
 * The deterministic draft for `objective` over `evidence` (available, unique, in request order), within `max_bytes`;
 * null when not even the objective with one statement shortened to MIN_STATEMENT_BYTES fits. Disposition is always `continuable`: without
 * a model the Server does not judge that work is blocked or complete.
 */
export function draftFromEvidence(input: {
  objective: string;
  evidence: readonly Evidence[];
  max_bytes: number;
}): HandoffDraft | null {
  const claims: Claim[] = input.evidence
    .slice(0, 64)
    .map((evidence) => ({ text: statementText(evidence), citation: evidence.citation }));
  let next: Claim | null = null;
  for (const evidence of input.evidence) {
    const text = nextStepText(evidence);
    if (text !== null) {
      next = { text, citation: evidence.citation };
      break;
    }
  }
  const longest = Math.max(
    MIN_STATEMENT_BYTES,
    ...claims.map((claim) => Buffer.byteLength(claim.text)),
    Buffer.byteLength(next?.text ?? ""),
  );
  const fits = (draft: HandoffDraft): boolean => contentBytes(draft) <= input.max_bytes;
  for (const layout of layouts(claims, next !== null)) {
    const full = layoutDraft(input.objective, claims, next, layout, longest);
    if (fits(full)) return full;
    if (!fits(layoutDraft(input.objective, claims, next, layout, MIN_STATEMENT_BYTES))) continue;
    let low = MIN_STATEMENT_BYTES;
    let high = longest;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (fits(layoutDraft(input.objective, claims, next, layout, middle))) low = middle;
      else high = middle;
    }
    return layoutDraft(input.objective, claims, next, layout, low);
  }
  return null;
}
