// `powercontext export`: a scope's lines (see protocol's scope-export.ts) streamed from the store to a file or stdout,
// a page at a time. A file is written under `<file>.partial` and renamed when complete, so an interrupted export
// never looks like a finished one.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ExportCounts, ExportLine } from "@powercontext/protocol";
import { exportScope } from "../domain/lifecycle/export-scope.ts";
import { SYSTEM_CLOCK } from "../runtime.ts";
import type { Store } from "../store/types.ts";

export interface ExportOptions {
  scope: string;
  /** The file to write; stdout when absent. */
  out?: string;
}

export interface ExportReport {
  scope_id: string;
  /** The file written, or null for stdout. */
  file: string | null;
  lines: number;
  counts: ExportCounts;
}

/** Lines between two progress reports. */
const PROGRESS_EVERY = 1000;

export async function exportCommand(
  deps: { store: Store; stdout: Writable; onProgress: (message: string) => void },
  options: ExportOptions,
): Promise<ExportReport> {
  const report: ExportReport = {
    scope_id: options.scope,
    file: options.out ?? null,
    lines: 0,
    counts: { sources: 0, revisions: 0, candidates: 0, handoffs: 0 },
  };
  const lines = exportScope({ store: deps.store, clock: SYSTEM_CLOCK }, { scope_id: options.scope });
  // The first line is read before any file is created, so an unknown scope leaves nothing behind.
  const first = await lines.next();
  async function* text(): AsyncGenerator<string> {
    for (let next = first; !next.done; next = await lines.next()) {
      count(report, next.value);
      if (report.lines % PROGRESS_EVERY === 0) deps.onProgress(`export: ${describeCounts(report)}`);
      yield `${JSON.stringify(next.value)}\n`;
    }
  }
  if (options.out === undefined) {
    await pipeline(Readable.from(text()), deps.stdout, { end: false });
    return report;
  }
  const partial = `${options.out}.partial`;
  try {
    await pipeline(Readable.from(text()), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, options.out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return report;
}

function count(report: ExportReport, line: ExportLine): void {
  report.lines += 1;
  if (line.type === "end") report.counts = line.counts;
}

function describeCounts(report: ExportReport): string {
  return `${report.lines} lines`;
}

export function describeExport(report: ExportReport): string {
  const { sources, revisions, candidates, handoffs, artifact_candidates = 0, artifact_revisions = 0 } = report.counts;
  const where = report.file === null ? "stdout" : report.file;
  return (
    `Exported scope ${report.scope_id} to ${where}: ${sources} Sources, ${revisions} Memory revisions, ` +
    `${candidates} candidates, ${artifact_candidates} Experience/Skill candidates, ${artifact_revisions} ` +
    `Experience/Skill revisions, ${handoffs} Handoff revisions (${report.lines} lines).`
  );
}
