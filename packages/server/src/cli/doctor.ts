// `powercontext doctor`: the package version, the Server's liveness and readiness, and whether an authenticated call
// goes through with the token the CLI would send (every real command needs it); and their description in words.
// No printing here.
import { callServer, ServerCallError, type ServerTarget } from "./server-client.ts";

export type CheckStatus = "ok" | "failed" | "skipped";

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface DoctorReport {
  ok: boolean;
  version: string;
  server: string;
  checks: DoctorCheck[];
}

export async function doctor(target: ServerTarget, version: string): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [{ name: "package", status: "ok", detail: `powercontext ${version}` }];
  const live = await probe(target, "get_liveness");
  checks.push({ name: "liveness", ...live });
  if (live.status !== "ok") {
    checks.push({ name: "readiness", status: "skipped", detail: "skipped because liveness failed" });
    checks.push({ name: "authentication", status: "skipped", detail: "skipped because liveness failed" });
  } else {
    checks.push({ name: "readiness", ...(await probe(target, "get_readiness")) });
    checks.push({ name: "authentication", ...(await authenticate(target)) });
  }
  return { ok: checks.every((check) => check.status === "ok"), version, server: target.url, checks };
}

const MARKS: Record<CheckStatus, string> = { ok: "ok  ", skipped: "skip", failed: "FAIL" };

/** One line a check, then whether PowerContext is ready. */
export function describeDoctor(report: DoctorReport): string {
  return [
    ...report.checks.map((check) => `${MARKS[check.status]}  ${check.name}: ${check.detail}`),
    report.ok ? "PowerContext is ready." : `PowerContext is not ready (${report.server}).`,
  ].join("\n");
}

async function probe(
  target: ServerTarget,
  operation: "get_liveness" | "get_readiness",
): Promise<{ status: CheckStatus; detail: string }> {
  try {
    const response = await callServer(target, operation, {});
    // Whatever answers at the URL may not be a PowerContext Server: read the body as far as it is one.
    const body: { status?: string; checks?: object } = response.body ?? {};
    const checks = body.checks
      ? ` (${Object.entries(body.checks)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ")})`
      : "";
    const good =
      response.status === 200 && (body.status === "ok" || body.status === "ready" || body.status === "degraded");
    return { status: good ? "ok" : "failed", detail: `${response.status} ${body.status ?? "?"}${checks}` };
  } catch (error) {
    return { status: "failed", detail: error instanceof ServerCallError ? error.message : String(error) };
  }
}

/** An authenticated operation (capabilities), so a missing or wrong token fails here and not on the first command. */
async function authenticate(target: ServerTarget): Promise<{ status: CheckStatus; detail: string }> {
  const sent = target.token === null ? "no token sent" : "the token in POWERCONTEXT_SERVER_TOKEN";
  try {
    const response = await callServer(target, "get_capabilities", {});
    if (response.status !== 200)
      return { status: "failed", detail: `GET /v1/capabilities answered ${response.status}` };
    return { status: "ok", detail: target.token === null ? "no token needed" : `${sent} is accepted` };
  } catch (error) {
    if (!(error instanceof ServerCallError)) return { status: "failed", detail: String(error) };
    if (error.code !== "unauthorized") return { status: "failed", detail: error.message };
    const detail =
      target.token === null
        ? "the Server requires a bearer token and none was sent: set POWERCONTEXT_SERVER_TOKEN to the Server's token"
        : "the Server refused the token in POWERCONTEXT_SERVER_TOKEN: set it to the Server's token";
    return { status: "failed", detail };
  }
}
