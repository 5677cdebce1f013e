// The personal side of the realistic conversation set: sessions where the user asks the assistant about their life
// (a trip, a race, a move), each kind of plan made several times with another place or person, so many sessions talk
// about hotels or running shoes and only one holds the value asked about.
import { HOME_PLANS } from "./plans-home.ts";
import { OUTING_PLANS } from "./plans-outings.ts";
import type { SessionTopic } from "./types.ts";

const PLANS = [...OUTING_PLANS, ...HOME_PLANS];

/** Every plan with every subject. */
export const PERSONAL_TOPICS: readonly SessionTopic[] = PLANS.flatMap((plan) =>
  plan.subjects.map((subject) => ({
    id: `${plan.key}:${subject}`,
    kind: "personal" as const,
    opening: plan.says(subject),
    name: plan.name(subject),
    paraphrases: [plan.paraphrase(subject)],
    concerns: plan.concerns,
    slug: plan.key,
    details: plan.details,
  })),
);
