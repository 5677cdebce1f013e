// `powercontext import FILE`: the whole file is checked first (every line JSON of a known shape, a header first, the
// end line last), so a bad file changes nothing; then its lines are imported, streamed again from the file. Each line
// is idempotent, so an interrupted import is finished by running the same command again.
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { ExportLine } from "@powercontext/protocol";
import { checkExportLine } from "@powercontext/protocol/schemas";
import { importScope, type ImportSummary, type NumberedLine } from "../domain/lifecycle/import-scope.ts";
import { PowerContextError } from "../errors.ts";
import type { Store } from "../store/types.ts";

const PROGRESS_EVERY = 1000;

export interface ImportReport extends ImportSummary {
  file: string;
  lines: number;
}

/** Checks the whole file, then imports it into the header's scope. */
export async function importCommand(
  deps: { openStore: () => Promise<Store>; onProgress: (message: string) => void },
  file: string,
): Promise<ImportReport> {
  const lines = await checkFile(file);
  const store = await deps.openStore();
  try {
    let reported = 0;
    const summary = await importScope({ store }, readLines(file), (_summary, number) => {
      if (Math.floor(number / PROGRESS_EVERY) <= Math.floor(reported / PROGRESS_EVERY)) return;
      reported = number;
      deps.onProgress(`import: line ${number} of ${lines}`);
    });
    return { ...summary, file, lines };
  } finally {
    await store.close();
  }
}

/** Every line checked; returns the line count. Throws `invalid_request` naming the file, the line and the problem. */
export async function checkFile(file: string): Promise<number> {
  await access(file).catch((error: unknown) => {
    throw new PowerContextError("invalid_request", `Cannot read ${file}: ${(error as Error).message}`, {
      details: { file },
    });
  });
  let count = 0;
  let ended = false;
  for await (const { number, line } of readLines(file)) {
    count = number;
    if (ended) throw badLine(file, number, "a line follows the end line");
    if ((number === 1) !== (line.type === "header")) {
      throw badLine(file, number, number === 1 ? "the first line must be the header" : "a second header line");
    }
    ended = line.type === "end";
  }
  if (count === 0) throw badLine(file, 1, "the file is empty");
  if (!ended) throw badLine(file, count, "the file ends without its end line: the export was cut short; export again");
  return count;
}

/** The file's non-blank lines, each parsed and checked against the schema of its `type`. */
async function* readLines(file: string): AsyncGenerator<NumberedLine> {
  const reader = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const text of reader) {
    number += 1;
    if (text.trim() === "") continue;
    yield { number, line: parseLine(file, number, text) };
  }
}

function parseLine(file: string, number: number, text: string): ExportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badLine(file, number, `not JSON (${(error as Error).message})`);
  }
  const checked = checkExportLine(value);
  if (!checked.ok) throw badLine(file, number, checked.problem);
  return checked.line;
}

function badLine(file: string, line: number, problem: string): PowerContextError {
  return new PowerContextError("invalid_request", `${file} line ${line}: ${problem}. Nothing was imported.`, {
    details: { file, line },
  });
}

export function describeImport(report: ImportReport): string {
  const { created, existing } = report;
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    `Imported ${report.file} into scope ${report.scope_id}: ${created.source} Sources, ${created.revision} Memory ` +
    `revisions, ${created.candidate} candidates, ${created.artifact_candidate} Experience/Skill candidates, ` +
    `${created.artifact_revision} Experience/Skill revisions, ${created.handoff} Handoff revisions written; ` +
    `${total(existing)} already present.`
  );
}
