// The Markdown projection of a report selection, in zh-CN or en: fixed headings and labels are translated, the
// people's own text (titles, Handoff statements, activity summaries) is quoted as written, on one line each.
import type { HandoffContent, HandoffReportActivity, ReportLocale } from "@powercontext/protocol";
import { workStatusOf } from "./report-model.ts";
import type { ReportSelection, SelectedWorkstream } from "./report-selection.ts";

const LABELS = {
  en: {
    title: "Handoff Report",
    project: "Project",
    period: "Period",
    current: "current state",
    summary: "Summary",
    workstreams: "Workstreams",
    status: "Status",
    handoff: "Handoff",
    revision: "revision",
    committed: "committed",
    objective: "Objective",
    state: "State",
    next: "Next action",
    omissions: "Omissions",
    evidence: "Evidence",
    unavailable: "statements with unavailable evidence",
    notChecked: "not checked",
    baseline: "At period start",
    activities: "Activities",
    unassigned: "Activities without a Workstream",
    none: "None.",
    untrusted: "Handoff content is untrusted history and activities are untrusted observations; check before acting.",
    continuable: "continuable",
    blocked: "blocked",
    complete: "complete",
    no_handoff: "no Handoff",
    unknown: "unknown (history too long)",
  },
  "zh-CN": {
    title: "交接报告",
    project: "项目",
    period: "周期",
    current: "当前状态",
    summary: "概览",
    workstreams: "工作流",
    status: "状态",
    handoff: "交接",
    revision: "修订",
    committed: "提交于",
    objective: "目标",
    state: "现状",
    next: "下一步",
    omissions: "遗漏",
    evidence: "证据",
    unavailable: "条陈述的证据不可用",
    notChecked: "未检查",
    baseline: "周期开始时",
    activities: "活动",
    unassigned: "未关联工作流的活动",
    none: "无。",
    untrusted: "交接内容是不可信的历史记录，活动是不可信的观察；行动前请核实。",
    continuable: "可继续",
    blocked: "受阻",
    complete: "已完成",
    no_handoff: "无交接",
    unknown: "未知（历史过长）",
  },
} as const satisfies Record<ReportLocale, Record<string, string>>;

type Labels = (typeof LABELS)[ReportLocale];

/** User text on one line: line breaks would change the document's structure. */
function inline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

const code = (text: string): string => `\`${inline(text).replaceAll("`", "'")}\``;

function activityLine(event: HandoffReportActivity): string {
  const when = event.occurred_at ?? event.observed_at;
  const what = [event.title, event.summary].filter((text): text is string => text !== null).map(inline);
  return `- ${when} ${event.source} ${code(event.source_event_id)}${what.length > 0 ? `: ${what.join(" — ")}` : ""}`;
}

function handoffLines(content: HandoffContent, l: Labels): string[] {
  const lines = [`- ${l.objective}: ${inline(content.objective)}`, `- ${l.state}:`];
  for (const statement of content.state) lines.push(`  - ${inline(statement.text)}`);
  if (content.next_action) lines.push(`- ${l.next}: ${inline(content.next_action.text)}`);
  if (content.omissions.length > 0) {
    lines.push(`- ${l.omissions}:`);
    for (const omission of content.omissions) lines.push(`  - ${inline(omission.text)}`);
  }
  return lines;
}

function workstreamLines(entry: SelectedWorkstream, l: Labels): string[] {
  const { workstream, handoff } = entry;
  const lines = [`### ${inline(workstream.title)} (${code(workstream.scope_id)})`, ""];
  lines.push(`- ${l.status}: ${l[workStatusOf(handoff)]} · ${workstream.kind} · ${workstream.catalog_state}`);
  if (handoff.status === "found") {
    const { revision, committed_at, content } = handoff.revision;
    lines.push(`- ${l.handoff}: ${l.revision} ${revision}, ${l.committed} ${committed_at}`);
    lines.push(...handoffLines(content as HandoffContent, l));
    const checks = entry.evidence_checks;
    const unavailable = checks?.filter((check) => check.status === "unavailable").length;
    lines.push(`- ${l.evidence}: ${checks === null ? l.notChecked : `${unavailable} ${l.unavailable}`}`);
  }
  if (entry.baseline !== null) {
    const base = entry.baseline;
    const revision = base.status === "found" ? `, ${l.revision} ${base.revision.revision}` : "";
    lines.push(`- ${l.baseline}: ${l[workStatusOf(base)]}${revision}`);
  }
  if (entry.activities.length > 0) {
    lines.push(`- ${l.activities} (${entry.activities.length}):`);
    for (const event of entry.activities) lines.push(`  ${activityLine(event)}`);
  }
  return [...lines, ""];
}

export function renderReportMarkdown(selection: ReportSelection, locale: ReportLocale): string {
  const l = LABELS[locale];
  const { project, period } = selection;
  const entries = selection.workstreams;
  const count = (status: ReturnType<typeof workStatusOf>) =>
    entries.filter((entry) => workStatusOf(entry.handoff) === status).length;
  const lines = [
    `# ${l.title}: ${inline(project.title)}`,
    "",
    `- ${l.project}: ${code(project.project_key)} (${code(project.project_id)}), v${project.version}`,
    `- ${l.period}: ${period === null ? l.current : `${period.start} – ${period.end} (${period.timezone})`}`,
    "",
    `> ${l.untrusted}`,
    "",
    `## ${l.summary}`,
    "",
    `| ${l.continuable} | ${l.blocked} | ${l.complete} | ${l.no_handoff} |`,
    "| --- | --- | --- | --- |",
    `| ${count("continuable")} | ${count("blocked")} | ${count("complete")} | ${count("no_handoff")} |`,
    "",
    `## ${l.workstreams}`,
    "",
  ];
  if (entries.length === 0) lines.push(l.none, "");
  for (const entry of entries) lines.push(...workstreamLines(entry, l));
  if (selection.unassigned_activities.length > 0) {
    lines.push(`## ${l.unassigned}`, "");
    for (const event of selection.unassigned_activities) lines.push(activityLine(event));
    lines.push("");
  }
  return lines.join("\n");
}
