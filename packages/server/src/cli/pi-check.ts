// One line of a Pi diagnosis. "unverified" is never a pass.
export type PiCheckStatus = "ok" | "failed" | "skipped" | "unverified";

export interface PiCheck {
  name: string;
  status: PiCheckStatus;
  detail: string;
}

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
