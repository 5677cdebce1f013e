// The numbered steps of `setup pi`: each is kept in the report and announced as progress as it happens.
import type { PiCheck } from "../check.ts";

/** Keeps a step and announces it ("[2/6] ok    verify package: …"); returns whether it passed (ok or skipped). */
export type RecordStep = (name: string, status: PiCheck["status"], detail: string) => boolean;

/** How a step's status reads in progress lines: a mark for ok and failed, the word itself otherwise. */
function progressMark(status: PiCheck["status"]): string {
  if (status === "ok") return "ok  ";
  if (status === "failed") return "FAIL";
  return status;
}

/** `total` is the number of steps a complete run takes; a run that stops early announces fewer. */
export function stepRecorder(steps: PiCheck[], total: number, onProgress: (message: string) => void): RecordStep {
  return (name, status, detail) => {
    steps.push({ name, status, detail });
    onProgress(`[${steps.length}/${total}] ${progressMark(status)}  ${name}: ${detail}`);
    return status === "ok" || status === "skipped";
  };
}
