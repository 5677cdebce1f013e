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

export type ImportedKind =
  | "source"
  | "revision"
  | "candidate"
  | "artifact_candidate"
  | "artifact_revision"
  | "handoff"
  | "cursors";

export interface ImportSummary {
  scope_id: string;
  created: Record<ImportedKind, number>;
  existing: Record<ImportedKind, number>;
}

const CONFLICT_CODES: Record<ImportedKind, ErrorCode> = {
  source: "source_conflict",
  revision: "revision_conflict",
  candidate: "candidate_conflict",
  artifact_candidate: "candidate_conflict",
  artifact_revision: "revision_conflict",
  handoff: "revision_conflict",
  cursors: "revision_conflict",
};

/**
 * Sources and candidates (Experience and Skill ones and their revisions too) come by the thousand: so many of them
 * are written per transaction.
 */
export const IMPORT_BATCH_SIZE = 200;

/**
 * Imports checked lines (the first a header; see cli/scope-import.ts) into the header's scope, reporting to
 * `progress` after each write with the number of the last line written.
 */
export async function importScope(
  deps: { store: Store },
  lines: AsyncIterable<NumberedLine>,
  progress: (summary: ImportSummary, number: number) => void = () => undefined,
): Promise<ImportSummary> {
  let importer: ReturnType<typeof createImporter> | null = null;
  for await (const numbered of lines) {
    const { number, line } = numbered;
    if (line.type === "header") {
      importer ??= createImporter(deps.store, line.scope_id, progress);
      continue;
    }
    if (importer === null) {
      throw new PowerContextError("invalid_request", `line ${number}: the header line must come first.`);
    }
    if (line.type !== "end") await importer.add({ number, line });
  }
  if (importer === null) throw new PowerContextError("invalid_request", "The file holds no header line.");
  return importer.finish();
}

type DataLine = Exclude<ExportLine, { type: "header" | "end" }>;
type Batched = Extract<DataLine, { type: "source" | "candidate" | "artifact_candidate" | "artifact_revision" }>;

function isBatched(line: DataLine): line is Batched {
  return line.type !== "revision" && line.type !== "handoff" && line.type !== "cursors";
}

/** Writes lines one at a time, the batched kinds in batches of consecutive lines of one type. */
function createImporter(store: Store, scopeId: string, progress: (summary: ImportSummary, number: number) => void) {
  const zero = (): Record<ImportedKind, number> => ({
    source: 0,
    revision: 0,
    candidate: 0,
    artifact_candidate: 0,
    artifact_revision: 0,
    handoff: 0,
    cursors: 0,
  });
  const summary: ImportSummary = { scope_id: scopeId, created: zero(), existing: zero() };
  let batch: Array<{ number: number; line: Batched }> = [];
  const count = (results: readonly ImportResult[], numbered: ReadonlyArray<{ number: number; line: DataLine }>) => {
    for (const [index, result] of results.entries()) {
      const { number, line } = numbered[index] as { number: number; line: DataLine };
      if (result === "conflict") throw conflictAt(number, line.type, scopeId);
      summary[result === "created" ? "created" : "existing"][line.type] += 1;
    }
    const last = numbered[results.length - 1];
    if (last) progress(summary, last.number);
  };
  const writeBatch = async () => {
    const written = batch;
    batch = [];
    const [first] = written;
    if (first === undefined) return;
    count(
      await importBatch(
        store,
        scopeId,
        first.line.type,
        written.map(({ line }) => line),
      ),
      written,
    );
  };
  return {
    async add({ number, line }: { number: number; line: DataLine }): Promise<void> {
      if (isBatched(line)) {
        if (batch[0] !== undefined && batch[0].line.type !== line.type) await writeBatch();
        batch.push({ number, line });
        if (batch.length >= IMPORT_BATCH_SIZE) await writeBatch();
        return;
      }
      await writeBatch();
      count([await importLine(store, scopeId, line)], [{ number, line }]);
    },
    async finish(): Promise<ImportSummary> {
      await writeBatch();
      return summary;
    },
  };
}

/** Writes a batch of lines that all have the type `type`. */
function importBatch(store: Store, scopeId: string, type: Batched["type"], lines: Batched[]): Promise<ImportResult[]> {
  const of = <T extends Batched["type"]>(_: T) => lines as Array<Extract<Batched, { type: T }>>;
  switch (type) {
    case "source":
      return store.importSources(scopeId, of("source"));
    case "candidate":
      return store.importCandidates(scopeId, of("candidate"));
    case "artifact_candidate":
      return store.importArtifactCandidates(scopeId, of("artifact_candidate"));
    case "artifact_revision":
      return store.importArtifactRevisions(scopeId, of("artifact_revision"));
  }
}

function importLine(store: Store, scopeId: string, line: Exclude<DataLine, Batched>): Promise<ImportResult> {
  switch (line.type) {
    case "revision":
      return store.importRevision(scopeId, line);
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
