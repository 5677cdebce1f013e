// What the package writes into state for its own records (promotions to Memory) and keeps out of what the model
// sees: the projection and the effective state tool results carry the person's and model's state only.
import { PROVENANCE_KEY } from "./knowledge/evidence.ts";
import type { ScopeState } from "./types.ts";

/**
 * Keys of the working plane that hold bookkeeping: global working.memory_promotions (written by /state promote) and
 * each scope's artifact_provenance (the freshness evidence of compiled artifacts, knowledge/evidence.ts).
 */
export const BOOKKEEPING_KEYS: readonly string[] = ["memory_promotions", PROVENANCE_KEY];

/** The state without bookkeeping keys (the same object when it holds none). */
export function withoutBookkeeping(state: ScopeState): ScopeState {
  if (!BOOKKEEPING_KEYS.some((key) => Object.hasOwn(state.working, key))) return state;
  const working = { ...state.working };
  for (const key of BOOKKEEPING_KEYS) delete working[key];
  return { ...state, working };
}
