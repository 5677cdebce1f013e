// `/fold` answers as a person reads them: a few aligned lines about the session's window. The full report stays
// behind `--json`. Pure.
import { formatCount, labelled, plural } from "@powercontext/pi-kit";
import type { FoldStatus } from "../status.ts";
import type { CommitRecord } from "../types.ts";

const TRIGGER_WORDS: Readonly<Record<CommitRecord["trigger"], string>> = {
  threshold: "at the threshold",
  expand: "after an expand",
  person: "by you (/fold commit)",
  overflow: "after an overflow",
  tail: "on the fresh tail",
};

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

export function formatFoldStatus(status: FoldStatus): string {
  const { capacityAccounting: budget, thresholds, folds, automatic, cache } = status;
  const session = status.session.messages === null ? "unknown" : plural(status.session.messages, "message");
  const occupancy = status.occupancy === null ? "" : `, ${percent(status.occupancy)}`;
  const marks = automatic.scheduling.pendingMarks.length;
  const last = automatic.commits.at(-1);
  return [
    ...labelled([
      ["Session", `${session} in this branch · last request sent ${plural(status.window.messages, "message")}`],
      [
        "Context",
        `${formatCount(status.tokens)} of ${formatCount(budget.budgetTokens)} tokens${occupancy} · ` +
          `folds at ${percent(thresholds.maxTarget)}, down to ${percent(thresholds.minTarget)}`,
      ],
      [
        "Folds",
        `${folds.total} (${folds.visible} in view, ${folds.expanded.length} expanded) · ` +
          `${plural(status.protections.length, "protected span")}`,
      ],
      [
        "Pending",
        marks === 0
          ? "nothing to commit"
          : `${plural(marks, "mark")}, about ${percent(automatic.scheduling.estimatedFreeShare)} of the window to free`,
      ],
      [
        "Commits",
        last === undefined
          ? "none yet"
          : `${last.commit}; the last ${TRIGGER_WORDS[last.trigger]} folded ${plural(last.folded.length, "span")}`,
      ],
      [
        "Cache",
        `${plural(cache.requests, "request")}: ${cache.pureAppends} pure appends, ` +
          `${plural(cache.projectionRewrites, "rewrite")}`,
      ],
    ]),
    "Everything as JSON with /fold status --json.",
  ].join("\n");
}

export function formatCommit(record: CommitRecord | null): string {
  if (record === null) return "Nothing to commit: no fold is pending.";
  const refused = record.refused.length === 0 ? "" : `; ${plural(record.refused.length, "mark")} refused`;
  return (
    `Commit ${record.commit}: folded ${plural(record.folded.length, "span")}, ` +
    `${formatCount(record.tokensBefore)} → ${formatCount(record.tokensAfter)} tokens${refused}.`
  );
}
