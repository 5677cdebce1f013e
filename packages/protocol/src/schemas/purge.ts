// Purge (our addition to the contract, not upstream's): the one deletion path, for leaked secrets and privacy
// requests. Each purge removes what it names from every table and index and leaves an audit record without any text.
import { Type, type Static } from "typebox";
import { NonBlankString, StringEnum, WireObject } from "./builders.ts";
import { Count, DateTime, Identifier, Ordinal, ScopeId } from "./common.ts";

export const PURGE_TARGETS = ["source", "entry", "scope"] as const;
export const PurgeTarget = StringEnum(PURGE_TARGETS, { title: "PurgeTarget" });
export type PurgeTarget = Static<typeof PurgeTarget>;

export const PurgeSourceRequest = WireObject("PurgeSourceRequest", {
  scope_id: ScopeId,
  source_id: NonBlankString(256),
});
export type PurgeSourceRequest = Static<typeof PurgeSourceRequest>;

export const PurgeEntryRequest = WireObject("PurgeEntryRequest", { scope_id: ScopeId, entry_id: Identifier });
export type PurgeEntryRequest = Static<typeof PurgeEntryRequest>;

export const PurgeScopeRequest = WireObject("PurgeScopeRequest", { scope_id: ScopeId });
export type PurgeScopeRequest = Static<typeof PurgeScopeRequest>;

/** How many stored rows of each kind a purge removed. */
export const PurgeCounts = WireObject("PurgeCounts", {
  sources: Count,
  entry_versions: Count,
  entries: Count,
  candidates: Count,
  handoff_revisions: Count,
});
export type PurgeCounts = Static<typeof PurgeCounts>;

/** What stays after a purge: who was purged, when and how much, never the text. */
export const PurgeAudit = WireObject("PurgeAudit", {
  audit_id: Ordinal,
  scope_id: ScopeId,
  target: PurgeTarget,
  /** The purged source_id or entry_id; the scope_id again for a whole scope. */
  target_id: Type.String(),
  purged_at: DateTime,
  removed: PurgeCounts,
});
export type PurgeAudit = Static<typeof PurgeAudit>;

/**
 * `entries_citing_source`: for a Source purge, the Memory entries that cite it (kept: an entry is purged on its own,
 * after a look at whether it repeats what the Source leaked). `compacted`: whether the database files were rewritten
 * afterwards so that the removed bytes are gone from them (false when another process kept SQLite from truncating
 * its write-ahead log, or the compaction failed; the next purge compacts again).
 */
export const PurgeResponse = WireObject("PurgeResponse", {
  audit: PurgeAudit,
  entries_citing_source: Type.Array(Identifier),
  compacted: Type.Boolean(),
});
export type PurgeResponse = Static<typeof PurgeResponse>;

export const ListPurgesRequest = WireObject("ListPurgesRequest", { scope_id: ScopeId });
export type ListPurgesRequest = Static<typeof ListPurgesRequest>;

/** Oldest first. */
export const ListPurgesResponse = WireObject("ListPurgesResponse", { purges: Type.Array(PurgeAudit) });
export type ListPurgesResponse = Static<typeof ListPurgesResponse>;
