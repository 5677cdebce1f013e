// One cheap pass that finds every literal anchor of every finder, so family patterns run only where they can match.

export interface AnchorHit {
  /** Index into the anchor list given to `createAnchorScanner`. Hits are returned sorted by `start`. */
  anchor: number;
  /** Code-unit offset where the anchor starts. */
  start: number;
}

interface TriggeredAnchor {
  anchor: number;
  literal: string;
  offset: number;
}

/** Characters rare enough in prose and code that a search led by one of them stays fast. */
const TRIGGERS = "_-.~:=";
const ALPHANUMERIC = /[A-Za-z0-9]/;

function escapeLiteral(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** The last trigger character with an alphanumeric before it, or -1 (the anchor is then searched as a whole). */
function triggerOffset(literal: string): number {
  for (let index = literal.length - 1; index >= 1; index -= 1) {
    if (TRIGGERS.includes(literal[index] ?? "") && ALPHANUMERIC.test(literal.slice(0, index))) return index;
  }
  return -1;
}

/**
 * Builds a scanner for case-sensitive literal anchors. Anchors containing a trigger character are found by one
 * search for the trigger characters, each confirmed by a lookbehind (V8 scans for a small set of leading characters
 * fast); the rest by one alternation. Two passes over the text, linear in its length.
 */
export function createAnchorScanner(anchors: readonly string[]): (text: string) => AnchorHit[] {
  const byTrigger = new Map<string, TriggeredAnchor[]>();
  const plain: TriggeredAnchor[] = [];
  anchors.forEach((literal, anchor) => {
    const offset = triggerOffset(literal);
    if (offset === -1) {
      plain.push({ anchor, literal, offset: 0 });
      return;
    }
    const trigger = literal[offset] ?? "";
    const group = byTrigger.get(trigger) ?? [];
    group.push({ anchor, literal, offset });
    byTrigger.set(trigger, group);
  });
  const searches: { pattern: RegExp; candidates: TriggeredAnchor[] }[] = [];
  if (byTrigger.size > 0) {
    const alternatives = [...byTrigger].map(([trigger, group]) => {
      const prefixes = [...new Set(group.map((entry) => escapeLiteral(entry.literal.slice(0, entry.offset))))];
      return `${escapeLiteral(trigger)}(?<=(?:${prefixes.join("|")})${escapeLiteral(trigger)})`;
    });
    searches.push({ pattern: new RegExp(alternatives.join("|"), "g"), candidates: [...byTrigger.values()].flat() });
  }
  if (plain.length > 0) {
    const literals = [...new Set(plain.map((entry) => entry.literal))].sort((a, b) => b.length - a.length);
    searches.push({ pattern: new RegExp(literals.map(escapeLiteral).join("|"), "g"), candidates: plain });
  }

  return function scanAnchors(text: string): AnchorHit[] {
    const hits: AnchorHit[] = [];
    for (const { pattern, candidates } of searches) {
      pattern.lastIndex = 0;
      let match = pattern.exec(text);
      while (match !== null) {
        for (const candidate of candidates) {
          const start = match.index - candidate.offset;
          if (start >= 0 && text.startsWith(candidate.literal, start)) hits.push({ anchor: candidate.anchor, start });
        }
        pattern.lastIndex = match.index + 1;
        match = pattern.exec(text);
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  };
}
