// The concept lexicon: every concept recall knows (see concept.ts for what one is).
import { LEGACY_CONCEPTS } from "../concept-lexicon.ts";
import type { Concept } from "./concept.ts";

function merged(): Concept[] {
  const byCategory = new Map<string, Concept>();
  for (const concept of LEGACY_CONCEPTS) {
    const key = concept.category.join(" ");
    const known = byCategory.get(key);
    if (known) byCategory.set(key, { ...known, members: [...known.members, ...concept.members] });
    else
      byCategory.set(key, {
        name: `concept-${byCategory.size}`,
        category: concept.category,
        asked: concept.category,
        members: concept.members,
      });
  }
  return [...byCategory.values()];
}

export const CONCEPTS: readonly Concept[] = merged();
