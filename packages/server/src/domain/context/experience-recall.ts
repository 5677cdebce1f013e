// Approved Experiences in recall (api-v1.md §6.2): the Experience heads that share the prompt's terms (at most 8),
// interleaved with the ranked Memory items as M1, E1, M2, E2, …, with at most two Experiences per preparation.
import type { ExperienceProposal } from "@powercontext/protocol";
import type { Store } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import type { RecallCandidate } from "./pack-items.ts";

export const EXPERIENCE_RECALL_LIMIT = 8;
export const MAX_EXPERIENCES = 2;

export type ExperienceCandidate = Extract<RecallCandidate, { kind: "experience" }> & { source_ids: string[] };

/** The contract's item text: `Situation: …\nAction: …\nOutcome: …\nLesson: …`. */
export function experienceText(content: ExperienceProposal): string {
  return `Situation: ${content.situation}\nAction: ${content.action}\nOutcome: ${content.outcome}\nLesson: ${content.lesson}`;
}

/** The Experiences matching the prompt best first; a prompt of two or more terms must share two of them. */
export async function recallExperiences(
  store: Pick<Store, "searchExperiences">,
  scopeId: string,
  terms: readonly string[],
): Promise<ExperienceCandidate[]> {
  const distinct = [...new Set(terms)];
  const hits = await store.searchExperiences(scopeId, distinct, EXPERIENCE_RECALL_LIMIT);
  const needed = Math.min(2, distinct.length);
  return hits
    .filter((hit) => hit.matched_terms >= needed)
    .map(({ revision }) => ({
      citation: { artifact_ref: revision.artifact },
      text: scrubText(experienceText(revision.content as ExperienceProposal)),
      kind: "experience" as const,
      source_ids: revision.source_refs.map((ref) => ref.source_id),
    }));
}

/** M1, E1, M2, E2, …: Memory first, then the Experiences (at most MAX_EXPERIENCES) once Memory runs out. Lazy. */
export function* interleave<Item>(
  memory: Iterable<Item>,
  experiences: readonly Item[],
): Generator<Item, void, undefined> {
  const remaining = experiences.slice(0, MAX_EXPERIENCES);
  for (const item of memory) {
    yield item;
    const next = remaining.shift();
    if (next !== undefined) yield next;
  }
  yield* remaining;
}
