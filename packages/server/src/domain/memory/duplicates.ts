// Whether a new entry says what Memory already says: the one place that decides it. An exact duplicate is an active
// entry with the same fingerprint; a near duplicate is an active entry whose analyzed terms nearly equal the new one's
// (found by search beforehand, and still active when the plan is made), that pins down the same details (names,
// numbers, identifiers: a statement that differs only in who or which is new information, not a restatement) and that
// trades no word for another: "The pricing engine API must be versioned with an Accept-Version header" is another fact
// than the same sentence about the websocket hub, though nearly all their terms are the same and no word is
// capitalized. A restatement may add or drop words ("… in every environment"), or reorder them. A chat turn kept as it
// was said (the verbatim extractor's `conversation` entries) restates nothing: it is an event of its own session, and
// "Deadline is end of Q2." said in two chats answers two questions ("the deadline for the billing export?", "for the
// docs site?") by where it was said, so each turn keeps its own entry and citation.
import { termSimilarity } from "../../search/analyze.ts";
import type {
  EntryHead,
  EntryLink,
  MemoryHeads,
  NewEntryVersion,
  PlannedChange,
  RevisionExpectations,
  Store,
} from "../../store/types.ts";
import { sameDetails } from "./statement-details.ts";

/** Term-set similarity at or above which a candidate restates an existing entry. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

/** The kind of a chat turn kept as it was said (domain/extract/verbatim.ts). */
const CHAT_TURN_KIND = "conversation";

/** Whether an approved entry may restate one Memory holds: any but a chat turn kept as it was said. */
export function mayRestate(entry: { kind: string }): boolean {
  return entry.kind !== CHAT_TURN_KIND;
}

/** The id of an active entry whose analyzed terms nearly equal `searchText`'s and whose details are `text`'s, or null. */
export async function findNearDuplicate(
  store: Store,
  scopeId: string,
  entry: { kind: string; search_text: string; text: string },
): Promise<string | null> {
  if (!mayRestate(entry)) return null;
  const searchText = entry.search_text;
  const terms = searchText.split(" ").filter((term) => term !== "");
  const unique = [...new Set(terms)];
  if (unique.length === 0) return null;
  const { hits } = await store.searchMemory({ scope_id: scopeId, terms: unique.slice(0, 64), limit: 5 });
  for (const hit of hits) {
    const hitTerms = hit.search_text.split(" ");
    if (
      termSimilarity(terms, hitTerms) >= NEAR_DUPLICATE_SIMILARITY &&
      !tradesWords(terms, hitTerms) &&
      sameDetails(entry.text, hit.entry.text)
    )
      return hit.entry.citation.entry_id;
  }
  return null;
}

/** Whether each term list holds a term the other lacks: a word traded for another, so another subject or value. */
export function tradesWords(left: readonly string[], right: readonly string[]): boolean {
  const a = new Set(left);
  const b = new Set(right);
  return [...a].some((term) => !b.has(term)) && [...b].some((term) => !a.has(term));
}

/** The active heads holding `fingerprint`, by entry id. */
export function activeWithFingerprint(view: MemoryHeads, fingerprint: string): EntryHead[] {
  return view.heads
    .filter((head) => head.fingerprint === fingerprint && head.entry.state === "active")
    .sort((a, b) => (a.entry.citation.entry_id < b.entry.citation.entry_id ? -1 : 1));
}

/** Whether an active twin already holds exactly this entry: same kind, text and references (remember's no-op). */
export function isIdenticalTwin(twin: EntryHead, entry: NewEntryVersion): boolean {
  return (
    twin.entry.kind === entry.kind &&
    twin.entry.text === entry.text &&
    JSON.stringify(twin.entry.source_refs) === JSON.stringify(entry.source_refs) &&
    JSON.stringify(twin.entry.artifact_refs) === JSON.stringify(entry.artifact_refs)
  );
}

export interface Approval {
  /** Who the link is for (a candidate id). */
  key: string;
  entry: NewEntryVersion;
  near_duplicate_of: string | null;
}

export interface ResolvedApprovals {
  /** One add per approval that duplicates nothing. */
  changes: PlannedChange[];
  /** Each approval's entry: the one it adds, or the one it duplicates. */
  links: Map<string, EntryLink>;
  /** What the resolution relied on: the active entries of each fingerprint and the linked and near entries' heads. */
  expected: Required<Pick<RevisionExpectations, "entries" | "fingerprints">>;
}

/**
 * What resolving `approvals` needs read: the heads of their near duplicates and of the active entries with their
 * fingerprints, for the approvals that may restate one (`mayRestate`); nothing for chat turns kept as they were said.
 */
export function headsToRead(approvals: readonly Approval[]): { entry_ids: string[]; fingerprints: string[] } {
  const restating = approvals.filter((approval) => mayRestate(approval.entry));
  return {
    entry_ids: restating.flatMap((approval) => approval.near_duplicate_of ?? []),
    fingerprints: restating.map((approval) => approval.entry.fingerprint),
  };
}

/**
 * Approves in order. An approval duplicates an entry added earlier in the batch with its fingerprint, else the active
 * entry with its fingerprint (the smallest id if several), else its near duplicate if that is still active; a chat
 * turn kept as it was said duplicates nothing (`mayRestate`).
 */
export function resolveApprovals(view: MemoryHeads, approvals: readonly Approval[]): ResolvedApprovals {
  const heads = new Map(view.heads.map((head) => [head.entry.citation.entry_id, head]));
  const added = new Map<string, EntryLink>();
  const relied = new Set<string>();
  const resolved: ResolvedApprovals = { changes: [], links: new Map(), expected: { entries: [], fingerprints: [] } };
  /** The active entry the approval duplicates, recording that the plan relies on its head (and on the near one's). */
  const existingDuplicate = (entry: NewEntryVersion, near: string | null): EntryLink | undefined => {
    const exact = activeWithFingerprint(view, entry.fingerprint)[0];
    if (exact) return relyOn(exact.entry.citation.entry_id);
    if (near === null) return undefined;
    relied.add(near);
    return heads.get(near)?.entry.state === "active" ? relyOn(near) : undefined;
  };
  const relyOn = (entryId: string): EntryLink | undefined => {
    relied.add(entryId);
    const head = heads.get(entryId);
    return head && { entry_id: entryId, entry_version_id: head.entry.citation.entry_version_id };
  };
  for (const { key, entry, near_duplicate_of: near } of approvals) {
    const restates = mayRestate(entry);
    const link = restates ? (added.get(entry.fingerprint) ?? existingDuplicate(entry, near)) : undefined;
    if (link) {
      resolved.links.set(key, link);
      continue;
    }
    const own = { entry_id: entry.entry_id, entry_version_id: entry.entry_version_id };
    if (restates) added.set(entry.fingerprint, own);
    resolved.links.set(key, own);
    resolved.changes.push({ op: "add", entry, reason: null });
  }
  for (const fingerprint of new Set(headsToRead(approvals).fingerprints)) {
    const active_entry_ids = activeWithFingerprint(view, fingerprint).map((head) => head.entry.citation.entry_id);
    resolved.expected.fingerprints.push({ fingerprint, active_entry_ids });
  }
  for (const entryId of relied) {
    resolved.expected.entries.push({ entry_id: entryId, last_revision: heads.get(entryId)?.last_revision ?? null });
  }
  return resolved;
}
