// A scope's timeline for people: its Sources newest first, its latest Handoff revisions, the latest Memory revisions'
// changes, and captures per day for the activity chart.
import type { MemoryRevisionChanges } from "@powercontext/protocol";
import type { DailyCount, HandoffRevision, StoredSource, Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import { periodDates } from "../stats/scoped-stats.ts";

export const TIMELINE_SOURCES = 50;
export const TIMELINE_HANDOFFS = 10;
export const TIMELINE_REVISIONS = 10;
export const ACTIVITY_DAYS = 30;

export interface ScopeTimeline {
  sources: StoredSource[];
  /** The position to page on from (null: no older Sources). */
  older_than: number | null;
  handoffs: HandoffRevision[];
  revisions: MemoryRevisionChanges[];
  /** Captures per day over the last ACTIVITY_DAYS days, every day present. */
  activity: DailyCount[];
}

export async function readScopeTimeline(
  deps: { store: Store; clock: Clock },
  request: { scope_id: string; before: number | null },
): Promise<ScopeTimeline> {
  const { store } = deps;
  const scopeId = request.scope_id;
  const sources = await store.listSources(scopeId, { before: request.before, limit: TIMELINE_SOURCES + 1 });
  const head = await store.getHandoffHead(scopeId);
  const handoffs: HandoffRevision[] = head ? [head] : [];
  for (let revision = (head?.revision ?? 0) - 1; revision > 0 && handoffs.length < TIMELINE_HANDOFFS; revision -= 1) {
    const older = await store.getHandoffRevision(scopeId, revision);
    if (older) handoffs.push(older);
  }
  const memory = await store.getMemoryHead(scopeId);
  const since = Math.max((memory?.revision ?? 0) - TIMELINE_REVISIONS, 0);
  const changes = await store.listChanges(scopeId, since);
  const dates = periodDates(deps.clock.now(), ACTIVITY_DAYS);
  const counted = new Map((await store.countSourcesByDay(scopeId, dates[0] ?? "")).map((day) => [day.date, day.count]));
  const shown = sources.slice(0, TIMELINE_SOURCES);
  return {
    sources: shown,
    older_than: sources.length > TIMELINE_SOURCES ? (shown.at(-1)?.position ?? null) : null,
    handoffs,
    revisions: changes.status === "ok" ? [...changes.revisions].reverse() : [],
    activity: dates.map((date) => ({ date, count: counted.get(date) ?? 0 })),
  };
}
