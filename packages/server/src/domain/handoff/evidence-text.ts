// What a piece of evidence says, as statement text: only text taken from the evidence itself, never invented.
import { truncateUtf8, type HandoffCitation } from "@powercontext/protocol";
import type { Evidence } from "./evidence.ts";

/** A Source contributes at most this much text before any budget shortening. */
export const SOURCE_EXCERPT_BYTES = 1500;
/** A next action taken from a line of a Source is at most this long. */
export const NEXT_ACTION_BYTES = 1000;

/** Kinds of Memory entries that name the next step (Pi sends `next-step`). */
const NEXT_STEP_KINDS = new Set(["next-step", "next_step", "next-action", "todo"]);
/** A line such as "Next: run the tests", "- Next step: …", "TODO: …". */
const NEXT_STEP_LINE = /^[ \t]*(?:[-*•][ \t]*)?(?:next(?:[ \t]+(?:step|action))?s?|todo)[ \t]*[:\-–—][ \t]*(\S.*)$/imu;

function collapse(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function claimTexts(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((claim) => strings([(claim as { text?: unknown } | null)?.text])) : [];
}

/** A readable line for a work record stored as a Source (§9), or null if the Source is not one. */
export function describeWorkRecord(content: string, metadata: Record<string, unknown>): string | null {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(content) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof record !== "object" || record === null || record.schema !== metadata.schema) return null;
  const objective = typeof record.objective === "string" ? record.objective : "";
  switch (metadata.kind) {
    case "work-contract":
      return `Work contract: ${objective} In scope: ${strings(record.in_scope).join("; ")}. Done when: ${strings(record.completion_criteria).join("; ")}.`;
    case "handoff-boundary":
      return `Current work: ${objective} ${claimTexts(record.state).join(" ")}`;
    case "task-outcome":
      return `Task outcome (${String(record.status)}): ${String(record.summary)}`;
    case "handoff-receipt":
      return `Handoff receipt from ${String(record.receiver)}: ${String(record.status)}.`;
    default:
      return null;
  }
}

/** Names a citation in an omission or a statement, e.g. "Source handoff-boundary-1". */
export function describeCitation(citation: HandoffCitation): string {
  switch (citation.kind) {
    case "source":
      return `Source ${citation.source_ref.source_id}`;
    case "artifact":
      return `${citation.artifact_ref.family}/${citation.artifact_ref.artifact_id} revision ${citation.artifact_ref.revision}`;
    case "memory":
      return `Memory entry ${citation.memory_citation.entry_id} at revision ${citation.memory_citation.memory_ref.revision}`;
    default: {
      const unknown: never = citation;
      throw new Error(`unknown citation ${JSON.stringify(unknown)}`);
    }
  }
}

/** The statement text of one piece of evidence. */
export function statementText(evidence: Evidence): string {
  switch (evidence.kind) {
    case "memory":
      return evidence.entry.text;
    case "source": {
      const text = describeWorkRecord(evidence.source.content, evidence.source.metadata) ?? evidence.source.content;
      return truncateUtf8(collapse(text), SOURCE_EXCERPT_BYTES).text;
    }
    case "artifact":
      return evidence.handoff && typeof evidence.handoff.content.objective === "string"
        ? `${describeCitation(evidence.citation)}: ${collapse(evidence.handoff.content.objective)}`
        : `${describeCitation(evidence.citation)} is cited as evidence.`;
    default: {
      const unknown: never = evidence;
      throw new Error(`unknown evidence ${JSON.stringify(unknown)}`);
    }
  }
}

/** The next step this evidence states, if it reads like one: a next-step Memory entry, or a "Next: …" line. */
export function nextStepText(evidence: Evidence): string | null {
  switch (evidence.kind) {
    case "memory":
      return NEXT_STEP_KINDS.has(evidence.entry.kind) ? evidence.entry.text : null;
    case "source": {
      const { content, metadata } = evidence.source;
      if (metadata.kind === "handoff-boundary") {
        try {
          const next = (JSON.parse(content) as { next_action?: { text?: unknown } | null }).next_action;
          if (typeof next?.text === "string") return truncateUtf8(collapse(next.text), NEXT_ACTION_BYTES).text;
        } catch {
          // Not a work record after all: fall through to the line rule.
        }
      }
      const line = NEXT_STEP_LINE.exec(content)?.[1];
      return line === undefined ? null : truncateUtf8(collapse(line), NEXT_ACTION_BYTES).text;
    }
    case "artifact": {
      const next = evidence.handoff?.content.next_action as { text?: unknown } | null | undefined;
      return typeof next?.text === "string" ? next.text : null;
    }
    default: {
      const unknown: never = evidence;
      throw new Error(`unknown evidence ${JSON.stringify(unknown)}`);
    }
  }
}
