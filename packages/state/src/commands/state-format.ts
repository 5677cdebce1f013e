// `/state` answers as a person reads them: a short summary, one line per scope, one line for a promotion. The
// full value stays behind `--json`. Pure.
import type { GitStatus } from "../git/git-status.ts";
import { LINE_WIDTH, labelled, type NoticeLevel, plural } from "@powercontext/pi-kit";
import type { Failure } from "../outcome.ts";
import { PLANES, type Plane, SCOPES, type ScopeName } from "../types.ts";

export interface ScopeSummary {
  key: string;
  revision: number;
  tail: number;
  checkpoint_revision?: number;
  origin_seq?: number;
  updated_at?: string;
}

/** What `/state status` reports; also its `--json` value. */
export interface StateStatusView {
  ok: true;
  mode: string;
  /** The Stop phase of the branch: none, stopped, migration (the next run) or restarted. */
  stop?: string;
  store: string;
  git_backup: boolean;
  /** Git history and the push queue (null with Git backup off). */
  git?: GitStatus | null;
  scopes: Record<ScopeName, ScopeSummary>;
  /** Keys per plane of the effective state the model sees. */
  entries: Record<Plane, number>;
  boundaries: number;
  promotions: number;
}

export const MODE_WORDS: Readonly<Record<string, string>> = {
  active: "the model sees the state and changes it with patch_state",
  passive: "the model sees the state, read-only",
  off: "the model sees no state",
};

/** What the model sees after `/state stop` (docs/state.md, "Stop"). */
export const STOPPED_WORDS = "the model sees the state as it was at Stop, read-only";

export function formatStateStatus(view: StateStatusView): string {
  const planes = PLANES.map((plane) => `${plane} ${view.entries[plane]}`).join(", ");
  return [
    ...labelled([
      ["Mode", view.stop === "stopped" ? `stopped: ${STOPPED_WORDS}` : `${view.mode}: ${MODE_WORDS[view.mode] ?? ""}`],
      ["Entries", `${planes} (what the model sees)`],
      ...SCOPES.map((scope): [string, string] => [scope, scopeLine(view.scopes[scope])]),
      [
        "History",
        `${plural(view.boundaries, "boundary", "boundaries")} · ${plural(view.promotions, "promotion")} to Memory`,
      ],
      ["Store", `${view.store}${historyWords(view)}`],
    ]),
    "Everything as JSON with /state status --json.",
  ].join("\n");
}

/** Git history on (the default), or on but file-only because no `git` executable was found; nothing when off. */
function historyWords(view: StateStatusView): string {
  if (!view.git_backup) return "";
  return view.git?.mode === "file-only" ? " · file-only (no git)" : " · Git history on";
}

function scopeLine(scope: ScopeSummary): string {
  if (scope.revision === 0) return "empty";
  const updated = scope.updated_at === undefined ? "" : ` · updated ${scope.updated_at.slice(0, 16).replace("T", " ")}`;
  return `revision ${scope.revision}${updated}`;
}

export function formatMode(mode: string): string {
  return `State mode is now ${mode}: ${MODE_WORDS[mode] ?? ""}.`;
}

/** A promotion's answer: the Memory entry it made (or the one that already said it). */
export function formatPromotion(value: Readonly<Record<string, unknown>>): string {
  const entry = value.entry as { citation?: { entry_id?: unknown }; kind?: unknown } | null | undefined;
  const id = entry?.citation?.entry_id;
  if (typeof id !== "string")
    return `${String(value.source)} is already in Memory; nothing new saved (recorded as ${String(value.promotion)}).`;
  const line = `Promoted ${String(value.source)} to Memory as ${id} (${String(entry?.kind)}).`;
  // A long path and a long id: the id goes on its own line rather than past the terminal's edge.
  if ([...line].length <= LINE_WIDTH) return line;
  return `Promoted ${String(value.source)} to Memory (${String(entry?.kind)}).\nEntry ${id}`;
}

/** A failed `/state` command for the person: a decline is a plain notice, a usage mistake a warning. */
export function formatStateFailure(failure: Failure): { text: string; level: NoticeLevel } {
  switch (failure.code) {
    case "cancelled":
      return { text: "Declined: nothing was sent to Memory.", level: "info" };
    case "invalid_request":
    case "not_found":
    case "confirmation_required":
      return { text: failure.message, level: "warning" };
    case "unavailable":
      // toFailure's wording is for the model ("… Continue the task."); the person is told what happened.
      return { text: "The state store could not be read or written; nothing changed. (unavailable)", level: "error" };
    default:
      return { text: `${failure.message} (${failure.code})`, level: "error" };
  }
}
