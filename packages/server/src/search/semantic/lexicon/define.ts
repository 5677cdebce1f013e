// Writing helper for the lexicon's domain files: a concept's lists are written as comma-separated text (category as
// space-separated words), so that hundreds of concepts stay readable and each file short. It only splits and trims;
// lexicon.test.ts checks what it yields (a missing comma across a line break shows up there as bad spacing).
import type { Concept } from "./concept.ts";

interface ConceptText {
  name: string;
  /** Space-separated plain words. */
  category: string;
  /** Comma-separated phrases. */
  asked: string;
  /** Comma-separated names. */
  members: string;
  /** Comma-separated names of related concepts (see Concept.related). */
  related?: string;
}

export function concept(text: ConceptText): Concept {
  return {
    name: text.name,
    category: text.category.split(/\s+/).filter((word) => word !== ""),
    asked: list(text.asked),
    members: list(text.members),
    related: list(text.related ?? ""),
  };
}

function list(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}
