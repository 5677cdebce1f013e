// Importing a scope's export: each line is written back exactly as it was, and is idempotent (what is already there
// is counted as existing), so running an interrupted import again finishes it and duplicates nothing. A line whose
// place the target already gives to something else stops the import with its line number.
import { canonicalJson, type ExportLine } from "@powercontext/protocol";
import { type ErrorCode, PowerContextError } from "../../errors.ts";
import type { ImportResult, Store } from "../../store/types.ts";

export interface NumberedLine {
  /** 1-based line number in the file, for error messages. */
  number: number;
  line: ExportLine;
}

export type ImportedKind = "source" | "revision" | "candidate" | "handoff" | "cursors";

export interface ImportSummary {
  scope_id: string;
  created: Record<ImportedKind, number>;
  existing: Record<ImportedKind, number>;
}

const CONFLICT_CODES: Record<ImportedKind, ErrorCode> = {
  source: "source_conflict",
  revision: "revision_conflict",
  candidate: "candidate_conflict",
  handoff: "revision_conflict",
  cursors: "revision_conflict",
};

/**
 * Imports checked lines (the first a header; see cli/import.ts) into the header's scope, reporting each line done to
 * `progress`.
 */
export async function importScope(
  deps: { store: Store },
  lines: AsyncIterable<NumberedLine>,
  progress: (summary: ImportSummary, number: number) => void = () => undefined,
): Promise<ImportSummary> {
  const zero = (): Record<ImportedKind, number> => ({ source: 0, revision: 0, candidate: 0, handoff: 0, cursors: 0 });
  let summary: ImportSummary | null = null;
  for await (const { number, line } of lines) {
    if (line.type === "header") {
      summary ??= { scope_id: line.scope_id, created: zero(), existing: zero() };
      continue;
    }
    if (summary === null)
      throw new PowerContextError("invalid_request", `line ${number}: the header line must come first.`);
    if (line.type === "end") continue;
    const result = await importLine(deps.store, summary.scope_id, line);
    if (result === "conflict") throw conflictAt(number, line.type, summary.scope_id);
    summary[result === "created" ? "created" : "existing"][line.type] += 1;
    progress(summary, number);
  }
  if (summary === null) throw new PowerContextError("invalid_request", "The file holds no header line.");
  return summary;
}

type DataLine = Exclude<ExportLine, { type: "header" | "end" }>;

function importLine(store: Store, scopeId: string, line: DataLine): Promise<ImportResult> {
  switch (line.type) {
    case "source":
      return store.importSource(scopeId, line);
    case "revision":
      return store.importRevision(scopeId, line);
    case "candidate":
      return store.importCandidate(scopeId, line);
    case "handoff":
      return store.importHandoff(scopeId, line, canonicalJson(line.content));
    case "cursors":
      return importCursors(store, scopeId, line);
    default: {
      const unreachable: never = line;
      throw new Error(`unknown line ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Moves each cursor forward to where the export had it; a target already past it is a conflict. */
async function importCursors(
  store: Store,
  scopeId: string,
  line: Extract<ExportLine, { type: "cursors" }>,
): Promise<ImportResult> {
  const current = (await store.readScopeCursors(scopeId)) ?? { memory_cursor: 0, handoff_cursor: 0 };
  if (current.memory_cursor > line.memory_cursor || current.handoff_cursor > line.handoff_cursor) return "conflict";
  let moved = false;
  if (current.memory_cursor < line.memory_cursor) {
    const cursor = { from: current.memory_cursor, to: line.memory_cursor };
    // Nothing but the cursor is written, so this time is never stored.
    const now = new Date(0).toISOString();
    const result = await store.commitRevision({ scope_id: scopeId, expected: {}, changes: [], cursor, now });
    if (result.status === "conflict") return "conflict";
    moved = true;
  }
  if (current.handoff_cursor < line.handoff_cursor) {
    const result = await store.advanceHandoffCursor(scopeId, current.handoff_cursor, line.handoff_cursor);
    if (result.status === "behind") return "conflict";
    moved = true;
  }
  return moved ? "created" : "exists";
}

function conflictAt(number: number, kind: ImportedKind, scopeId: string): PowerContextError {
  return new PowerContextError(
    CONFLICT_CODES[kind],
    `line ${number}: scope ${JSON.stringify(scopeId)} already holds a different ${kind} in this place; ` +
      "import into a fresh store, or purge the scope there first.",
    { details: { line: number, kind, scope_id: scopeId } },
  );
}
