// The opt-in diagnostic record (POWERCONTEXT_STATE_DIAGNOSTICS): one JSON line per rejected patch, preserved draft or
// closed fallback, appended to a local file beside the package's log, never in the store. It only ever appends: it
// reads nothing back, so it cannot change accepted state, and a failure to write it is swallowed (diagnostics must
// never break a turn). Secret-shaped values are redacted before the line is written; a long value is cut.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { redactSecretsInValue } from "@powercontext/protocol";

export type DiagnosticKind = "patch_rejected" | "draft_preserved" | "fallback_started" | "fallback_exhausted";

export interface DiagnosticLog {
  /** The file written to, or null when the record is off. */
  readonly file: string | null;
  record(kind: DiagnosticKind, fields: Record<string, unknown>): void;
}

/** Any one field's JSON longer than this is replaced by its first characters (a line stays readable). */
export const MAX_FIELD_CHARS = 4_096;

function bounded(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const json = JSON.stringify(value) ?? "null";
    out[key] =
      json.length <= MAX_FIELD_CHARS ? value : { truncated: json.slice(0, MAX_FIELD_CHARS), chars: json.length };
  }
  return redactSecretsInValue(out).value;
}

export function openDiagnosticLog(file: string | null, now: () => Date = () => new Date()): DiagnosticLog {
  return {
    file,
    record(kind, fields) {
      if (file === null) return;
      try {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        const line = JSON.stringify({ at: now().toISOString(), kind, ...bounded(fields) });
        appendFileSync(file, `${line}\n`, { mode: 0o600 });
      } catch {
        // A diagnostic that cannot be written is lost; the turn and the state go on unaffected.
      }
    },
  };
}
