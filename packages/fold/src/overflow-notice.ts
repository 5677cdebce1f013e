// The agent's notice after an overflow recovery: one short custom message, appended to the session after the retried
// request (never inserted into earlier bytes), stating the rollback and the commit.
import type { CommitRecord } from "./types.ts";

export const OVERFLOW_NOTICE_TYPE = "powercontext-fold.overflow";

export function overflowNotice(record: CommitRecord): string {
  const folded = record.folded.length === 0 ? "no new folds" : `folds ${record.folded.join(", ")}`;
  return (
    `[powercontext-fold: the provider refused the previous request as too long; it was rolled back (the failed attempt is ` +
    `not in your context) and fold commit ${record.commit} made room (${folded}, ~${record.tokensBefore} → ~${record.tokensAfter} ` +
    `tokens), then the request was retried. Exact originals stay recoverable with fold_context peek/expand.]`
  );
}
