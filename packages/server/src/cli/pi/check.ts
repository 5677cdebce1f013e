// One line of a Pi diagnosis or setup step, and how it reads in words. "unverified" is never a pass.
export type PiCheckStatus = "ok" | "failed" | "skipped" | "unverified";

export interface PiCheck {
  name: string;
  status: PiCheckStatus;
  detail: string;
}

/** The four-character mark before a check's name. */
export function checkMark(status: PiCheckStatus): string {
  switch (status) {
    case "ok":
      return "ok  ";
    case "failed":
      return "FAIL";
    case "skipped":
      return "skip";
    case "unverified":
      return "UNVR";
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** One line a check: mark, name and detail, each line after `indent`. */
export function describeChecks(checks: readonly PiCheck[], indent = ""): string[] {
  return checks.map((check) => `${indent}${checkMark(check.status)}  ${check.name}: ${check.detail}`);
}
