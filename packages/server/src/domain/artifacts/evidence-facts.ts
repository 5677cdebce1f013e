// What cited evidence says, read for drafting an Experience or a Skill: the objectives, what was done, how it ended
// and what was left, taken only from the evidence itself (work records parsed by their schema, other Sources as
// excerpts, Handoff revisions, cited Experiences). Memory revisions cited whole contribute no text.
import { truncateUtf8 } from "@powercontext/protocol";
import type { ExperienceProposal } from "@powercontext/protocol";
import type { HandoffRevision, StoredSource } from "../../store/types.ts";
import { scrubText } from "../secrets/secret-guard.ts";
import type { ResolvedEvidence } from "./evidence.ts";

/** A plain Source contributes at most this much text. */
export const EXCERPT_BYTES = 1500;

export interface EvidenceFacts {
  objectives: string[];
  actions: string[];
  outcomes: string[];
  lessons: string[];
  experiences: ExperienceProposal[];
  /** What was read, by kind (`task outcome`, `handoff boundary`, `Source`, `Handoff revision`, `Experience`, …). */
  used: Map<string, number>;
}

export function collapse(text: string): string {
  return scrubText(text).replace(/\s+/gu, " ").trim();
}

function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (typeof item === "string" ? item : (item as { text?: unknown } | null)?.text))
    .filter((text): text is string => typeof text === "string" && text.trim() !== "")
    .map(collapse);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? collapse(value) : null;
}

function count(facts: EvidenceFacts, kind: string): void {
  facts.used.set(kind, (facts.used.get(kind) ?? 0) + 1);
}

function parseRecord(source: StoredSource): Record<string, unknown> | null {
  if (typeof source.metadata.kind !== "string") return null;
  try {
    const record = JSON.parse(source.content) as unknown;
    return typeof record === "object" && record !== null ? (record as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function push(list: string[], value: string | null): void {
  if (value !== null && !list.includes(value)) list.push(value);
}

function readSource(facts: EvidenceFacts, source: StoredSource): void {
  const record = parseRecord(source);
  const kind = record ? String(source.metadata.kind) : "";
  if (kind === "task-outcome" && record) {
    count(facts, "task outcome");
    push(facts.objectives, text(record.objective));
    for (const observation of texts(record.observations)) push(facts.actions, observation);
    push(facts.outcomes, `${String(record.status)}: ${text(record.summary) ?? "no summary"}`);
    for (const check of Array.isArray(record.checks) ? record.checks : []) {
      const { name, status } = check as { name?: unknown; status?: unknown };
      if (typeof name === "string") push(facts.outcomes, `Check ${collapse(name)}: ${String(status)}`);
    }
    for (const remaining of texts(record.remaining_work)) push(facts.lessons, `Remaining: ${remaining}`);
    return;
  }
  if ((kind === "handoff-boundary" || kind === "work-contract") && record) {
    count(facts, kind.replace("-", " "));
    push(facts.objectives, text(record.objective));
    for (const statement of texts(record.state ?? record.facts)) push(facts.actions, statement);
    const next = text((record.next_action as { text?: unknown } | null | undefined)?.text);
    if (next !== null) push(facts.lessons, `Next: ${next}`);
    return;
  }
  count(facts, "Source");
  push(facts.actions, truncateUtf8(collapse(source.content), EXCERPT_BYTES).text || null);
}

function readHandoff(facts: EvidenceFacts, handoff: HandoffRevision): void {
  count(facts, "Handoff revision");
  const { content } = handoff;
  push(facts.objectives, text(content.objective));
  for (const statement of texts(content.state)) push(facts.actions, statement);
  if (typeof content.disposition === "string") push(facts.outcomes, `Handoff disposition: ${content.disposition}`);
  const next = text((content.next_action as { text?: unknown } | null | undefined)?.text);
  if (next !== null) push(facts.lessons, `Next: ${next}`);
}

export function readFacts(evidence: ResolvedEvidence): EvidenceFacts {
  const facts: EvidenceFacts = {
    objectives: [],
    actions: [],
    outcomes: [],
    lessons: [],
    experiences: [],
    used: new Map(),
  };
  for (const source of evidence.sources) readSource(facts, source);
  for (const handoff of evidence.handoffs) readHandoff(facts, handoff);
  for (const artifact of evidence.artifacts) {
    if (!("situation" in artifact.content)) {
      count(facts, "Skill");
      continue;
    }
    count(facts, "Experience");
    facts.experiences.push(artifact.content);
  }
  if (evidence.memory_revisions > 0) facts.used.set("Memory revision", evidence.memory_revisions);
  return facts;
}

/** "2 task outcomes, 1 Handoff revision": what the draft was made from. */
export function describeUsed(used: ReadonlyMap<string, number>): string {
  const parts = [...used].map(([kind, n]) => `${n} ${kind}${n === 1 ? "" : kind.endsWith("s") ? "es" : "s"}`);
  return parts.length === 0 ? "no evidence" : parts.join(", ");
}
