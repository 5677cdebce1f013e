// get_handoff_report: select once, project to the canonical model (and Markdown when asked), digest both, and refuse
// a report past upstream's 10 MiB output limit rather than cut it.
import {
  canonicalJson,
  type GetHandoffReportRequest,
  type HandoffReportResponse,
  sha256Hex,
  utf8Length,
} from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { renderReportMarkdown } from "./report-markdown.ts";
import { buildReportModel, selectionDigest } from "./report-model.ts";
import { selectReport } from "./report-selection.ts";

export const MAX_REPORT_BYTES = 10 * 1024 * 1024;

export interface HandoffReport {
  response: HandoffReportResponse;
  /** Whether the client asked for it as a file (`download`): the route adds the disposition. */
  download: boolean;
}

export async function getHandoffReport(
  deps: Pick<DomainDeps, "store">,
  request: GetHandoffReportRequest,
): Promise<HandoffReport> {
  const selection = await selectReport(deps, request);
  const locale = request.locale ?? selection.project.default_locale;
  const format = request.format ?? "markdown";
  const report = buildReportModel(selection, locale);
  const reportJson = canonicalJson(report);
  const markdown = format === "markdown" ? renderReportMarkdown(selection, locale) : null;
  const projection = markdown ?? reportJson;
  if (utf8Length(reportJson) + (markdown === null ? 0 : utf8Length(markdown)) > MAX_REPORT_BYTES)
    throw refusalError("report_too_large", { limit: "bytes", maximum: MAX_REPORT_BYTES });
  return {
    response: {
      format,
      report,
      markdown,
      selection_digest: selectionDigest(selection, request.include_evidence_checks ?? true),
      report_digest: `sha256:${sha256Hex(projection)}`,
    },
    download: request.download ?? false,
  };
}
