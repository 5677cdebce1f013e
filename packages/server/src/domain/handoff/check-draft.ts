// The checks a generated draft must pass before it is served (contract §8.2), in the contract's reason order.
import type { HandoffCitation, HandoffDraft } from "@powercontext/protocol";
import type { FallbackReason } from "../model/types.ts";
import { citationKey } from "./citations.ts";
import { contentBytes } from "./content.ts";
import { parseDraft } from "./parse-draft.ts";

export interface DraftLimits {
  objective: string;
  evidence: readonly HandoffCitation[];
  max_bytes: number;
}

export type DraftCheck =
  | { status: "ok"; draft: HandoffDraft }
  | { status: "rejected"; reason: Exclude<FallbackReason, "timeout" | "unavailable"> };

/**
 * `output`: not a valid draft; `objective`: differs from the request's; `evidence`: a citation (omission citations
 * included) outside `evidence`; `budget`: the content exceeds `max_bytes`.
 */
export function checkDraft(value: unknown, limits: DraftLimits): DraftCheck {
  const draft = parseDraft(value);
  if (draft === null) return { status: "rejected", reason: "output" };
  if (draft.objective !== limits.objective) return { status: "rejected", reason: "objective" };
  const given = new Set(limits.evidence.map(citationKey));
  const cited = [
    ...draft.state.flatMap((statement) => statement.citations),
    ...(draft.next_action?.citations ?? []),
    ...draft.omissions.flatMap((omission) => (omission.citation ? [omission.citation] : [])),
  ];
  if (!cited.every((citation) => given.has(citationKey(citation)))) return { status: "rejected", reason: "evidence" };
  if (contentBytes(draft) > limits.max_bytes) return { status: "rejected", reason: "budget" };
  return { status: "ok", draft };
}
