// A question about someone or something by name ("What breed is Lena's dog?", "Who reviewed the Globex contract?")
// is about what that name is said with. The concept bonus (search/semantic/) lifts every entry that names the asked
// concept — every friend's turn about a pet — and can put them above the few that hold the name; so when a question
// names a subject that the scope knows, a candidate that holds the name neither itself nor through a candidate of its
// chat session keeps only a share of its concept bonus. The session counts because a turn seldom says its own
// speaker's name while the turns around it do ("Omg Lena, a puppy!"). A name that is a lexicon word ("Docker",
// "Postgres") is a concept, not a subject, and a task prompt ("Set up Sentry for checkout") is left as it is: the
// names it says are tools the needed fact may not repeat.
import { isQuestion, namedTerms } from "../../search/answer-shapes.ts";
import { conceptTermsOf } from "../../search/semantic/concepts.ts";
import { type SessionPlace, sumOverMates } from "./session-context.ts";

/** The analyzer terms of the names a question says that are no lexicon words; none for a prompt that asks nothing. */
export function namedSubject(prompt: string): string[] {
  if (!isQuestion(prompt)) return [];
  const concepts = conceptTermsOf(prompt);
  return [...namedTerms(prompt)].filter((term) => !concepts.has(term));
}

/** A candidate as the gate sees it: its total, the concept part of it, whether it holds the subject, its place. */
export interface SubjectCandidate {
  total: number;
  concept: number;
  holds: boolean;
  place: SessionPlace;
}

/**
 * Each candidate's total with `1 - keep` of its concept part taken off when neither it nor one of its session-mates
 * (session-context.ts) holds the subject; unchanged when no candidate holds it (the name is unknown to the scope) or
 * `keep` is 1.
 */
export function gateBySubject(candidates: readonly SubjectCandidate[], keep: number): number[] {
  if (keep >= 1 || !candidates.some((candidate) => candidate.holds))
    return candidates.map((candidate) => candidate.total);
  const matesHolding = sumOverMates(
    candidates.map((candidate) => (candidate.holds ? 1 : 0)),
    candidates.map((candidate) => candidate.place),
  );
  return candidates.map((candidate, index) =>
    candidate.holds || (matesHolding[index] ?? 0) > 0
      ? candidate.total
      : candidate.total - (1 - keep) * candidate.concept,
  );
}
