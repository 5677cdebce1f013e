// The suggestion that rides a commit. A commit already rewrites the window from its first new brief on, so one line
// written under the last brief it creates costs no extra cache miss; the line is kept on that fold's record, so the
// same bytes show in every later request (never shown and then taken back). At most one per commit. A fold is
// suggested only when what the current work names (paths, identifiers) is in its exact source while the brief the
// window shows for it does not say so: the fold whose brief undersells it. A fold whose suggestions were ignored twice
// (no peek or expand of it before the next commit) and never taken is silenced for good.
import { TOOL_NAME } from "./brief.ts";
import { aimWords, argumentStrings } from "./brief-index.ts";
import { indexById, locate, visibleCollapsed } from "./fold.ts";
import { briefText } from "./projection.ts";
import { textOf, toolCallsOf } from "./transcript.ts";
import type { CommitRecord, FoldRecord, FoldState, Item, SuggestionRecord } from "./types.ts";

/** The most characters a suggestion line takes under its brief. */
export const SUGGESTION_MAX_CHARS = 320;
/** Ignored suggestions (none taken) after which a fold is never suggested again. */
export const IGNORES_TO_SILENCE = 2;
const MAX_WORK_TERMS = 16;
const WORK_SCAN_CHARS = 8_000;
const SHOWN_TERMS = 3;
/** Suggestion records kept in the state; silenced folds are kept apart and never dropped. */
const LOG_LIMIT = 64;

/**
 * What the current work names: the paths and distinctive identifiers of the open turn's ask, the agent's text and
 * its tool calls' arguments (not tool results: what was read is not what is being looked for).
 */
export function workTerms(items: readonly Item[]): string[] {
  let start = items.length - 1;
  while (start >= 0 && (items[start] as Item).message.role !== "user") start -= 1;
  if (start < 0) return [];
  const texts: string[] = [];
  for (const item of items.slice(start)) {
    if (item.message.role !== "toolResult") texts.push(textOf(item.message));
    for (const call of toolCallsOf(item.message)) argumentStrings(call.arguments, "", (_key, text) => texts.push(text));
  }
  const terms = aimWords(texts.join("\n").slice(0, WORK_SCAN_CHARS)).filter((term) => term !== TOOL_NAME);
  return terms.slice(0, MAX_WORK_TERMS);
}

/** A take: the agent peeked or expanded the suggested fold, a fold inside it, or one around it. */
function related(state: FoldState, a: string, b: string): boolean {
  const above = (inner: string, outer: string): boolean => {
    for (let at = state.folds[inner]?.parent ?? null; at !== null; at = state.folds[at]?.parent ?? null)
      if (at === outer) return true;
    return false;
  };
  return a === b || above(a, b) || above(b, a);
}

/** Records a peek or expand of `id` as the take of every open suggestion it answers; false when it answers none. */
export function noteTake(state: FoldState, id: string): boolean {
  let taken = false;
  for (const record of state.suggestions ?? [])
    if (!record.taken && related(state, record.fold, id)) {
      record.taken = true;
      taken = true;
    }
  return taken;
}

/** Silences every fold whose suggestions before `commit` were ignored IGNORES_TO_SILENCE times with no take. */
function silenceIgnored(state: FoldState, commit: number): Set<string> {
  const tally = new Map<string, { ignored: number; taken: number }>();
  for (const record of state.suggestions ?? []) {
    const counts = tally.get(record.fold) ?? { ignored: 0, taken: 0 };
    if (record.taken) counts.taken += 1;
    else if (record.commit < commit) counts.ignored += 1;
    tally.set(record.fold, counts);
  }
  const silenced = new Set(state.silenced ?? []);
  for (const [fold, counts] of tally)
    if (counts.taken === 0 && counts.ignored >= IGNORES_TO_SILENCE) silenced.add(fold);
  if (silenced.size > 0) state.silenced = [...silenced];
  return silenced;
}

interface Pick {
  fold: string;
  within: string;
  terms: string[];
  position: number;
}

/** The innermost fold under `top` holding the leaf at `position`. */
function innermost(state: FoldState, top: FoldRecord, leaf: string): FoldRecord {
  let node = top;
  for (;;) {
    const child = node.children.map((id) => state.folds[id]).find((fold) => fold?.leaves.includes(leaf) === true);
    if (child === undefined) return node;
    node = child;
  }
}

/**
 * The fold to suggest: the innermost fold, made before this commit, whose source holds the most work terms that the
 * brief the window shows for it does not name; the later one on a tie.
 */
function pickTarget(state: FoldState, items: readonly Item[], commit: number, terms: string[]) {
  const index = indexById(items);
  const json = new Map<number, string>();
  const textAt = (position: number): string => {
    let text = json.get(position);
    if (text === undefined) json.set(position, (text = JSON.stringify((items[position] as Item).message)));
    return text;
  };
  const silenced = new Set(state.silenced ?? []);
  const picks = new Map<string, Pick>();
  for (const shown of visibleCollapsed(state)) {
    const start = locate(shown, items, index);
    if (start === null) continue;
    const brief = briefText(shown).toLowerCase();
    for (const term of terms) {
      if (brief.includes(term.toLowerCase())) continue;
      let hit = start;
      while (hit < start + shown.leaves.length && !textAt(hit).includes(term)) hit += 1;
      if (hit === start + shown.leaves.length) continue;
      const target = innermost(state, shown, (items[hit] as Item).id);
      // A fold this commit made held raw messages the window showed a moment ago: nothing to point back at.
      if (silenced.has(target.id) || target.commit === commit) continue;
      const pick = picks.get(target.id) ?? { fold: target.id, within: shown.id, terms: [], position: start };
      pick.terms.push(term);
      picks.set(target.id, pick);
    }
  }
  return [...picks.values()].sort((a, b) => b.terms.length - a.terms.length || b.position - a.position)[0] ?? null;
}

/** The line shown under the carrier's brief: which fold, what of the current work it holds, how to read it. */
export function suggestionLine(pick: { fold: string; within: string; terms: readonly string[] }): string {
  const named = pick.terms
    .slice(0, SHOWN_TERMS)
    .map((term) => JSON.stringify(term.slice(0, 40)))
    .join(", ");
  const where = pick.within === pick.fold ? pick.fold : `${pick.fold} (inside ${pick.within})`;
  const line = `[suggested: ${where} holds ${named} from the current work, which its brief does not name; read it with ${TOOL_NAME} {"action":"peek","id":"${pick.fold}"} or {"action":"find","query":${JSON.stringify(pick.terms[0]?.slice(0, 40))}}]`;
  return line.length <= SUGGESTION_MAX_CHARS ? line : `${line.slice(0, SUGGESTION_MAX_CHARS - 2)}…]`;
}

/** The last brief in the window among the folds the commit created: where the suggestion rides. */
function carrierOf(state: FoldState, items: readonly Item[], record: CommitRecord): FoldRecord | null {
  const index = indexById(items);
  const created = new Set(record.folded);
  let carrier: FoldRecord | null = null;
  let at = -1;
  for (const fold of visibleCollapsed(state)) {
    const start = created.has(fold.id) ? locate(fold, items, index) : null;
    if (start !== null && start > at) [carrier, at] = [fold, start];
  }
  return carrier;
}

/**
 * Settles the earlier suggestions' outcomes and, when the commit created a brief and one fold undersells the current
 * work, writes at most one suggestion under that brief. Mutates `state` (the commit's own copy) and the state's copy of
 * the record.
 */
export function suggestAtCommit(state: FoldState, items: readonly Item[], record: CommitRecord): void {
  silenceIgnored(state, record.commit);
  const carrier = carrierOf(state, items, record);
  if (carrier === null || carrier.suggestion !== undefined) return;
  const terms = workTerms(items);
  const pick = terms.length === 0 ? null : pickTarget(state, items, record.commit, terms);
  if (pick === null) return;
  carrier.suggestion = suggestionLine(pick);
  const shown: SuggestionRecord = {
    fold: pick.fold,
    commit: record.commit,
    carrier: carrier.id,
    terms: pick.terms,
    taken: false,
  };
  state.suggestions = [...(state.suggestions ?? []), shown].slice(-LOG_LIMIT);
  const saved = state.commits.find((candidate) => candidate.commit === record.commit);
  if (saved !== undefined) saved.suggested = pick.fold;
  record.suggested = pick.fold;
}
