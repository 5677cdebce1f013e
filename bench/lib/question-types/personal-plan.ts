// How a kind of personal plan is described for the realistic conversation set: what is planned (one topic per
// subject), how the user talks about it, and the details that come up in passing.
import { pick } from "../dataset.ts";
import type { PassingDetail } from "./types.ts";

export interface PersonalPlan {
  key: string;
  /** What is planned, one per topic: a destination, an event. */
  subjects: readonly string[];
  says: (subject: string) => string;
  name: (subject: string) => string;
  paraphrase: (subject: string) => string;
  concerns: readonly string[];
  details: readonly PassingDetail[];
}

/** A detail whose value is one of `values`; `mentions` are the user's clauses, `asks` the later questions. */
export function detail(
  name: string,
  noun: string,
  values: readonly string[],
  mentions: PassingDetail["mentions"],
  asks: PassingDetail["asks"],
): PassingDetail {
  return { name, noun, value: (next) => pick(next, values), mentions, asks };
}
