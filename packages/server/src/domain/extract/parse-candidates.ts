// Strict reading of the `llm` extractor's model answer: {"candidates":[{kind,text,confidence,source_ids}]}, closed
// objects, known kinds, texts within the Memory limit, and citations only of the Sources the model was given.
import { utf8Length, type SourceReference } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";
import type { ExtractedCandidate } from "./types.ts";

/** The kinds a model may propose: upstream extraction's, plus the rules extractor's. */
export const LLM_KINDS = [
  "fact",
  "preference",
  "decision",
  "constraint",
  "working_note",
  "convention",
  "command",
] as const;
/** More candidates than this from one batch means the answer broke its limits. */
export const MAX_CANDIDATES_PER_BATCH = 32;
const MAX_TEXT_BYTES = 8192;

export type CandidateParse =
  | { status: "ok"; candidates: ExtractedCandidate[] }
  | { status: "rejected"; reason: "output" | "evidence" | "budget" };

function exactKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** Candidates in the order of their first cited Source's position, then answer order; refs in position order. */
export function parseCandidates(answer: unknown, batch: readonly StoredSource[]): CandidateParse {
  if (!exactKeys(answer, ["candidates"]) || !Array.isArray(answer.candidates))
    return { status: "rejected", reason: "output" };
  if (answer.candidates.length > MAX_CANDIDATES_PER_BATCH) return { status: "rejected", reason: "budget" };
  const positions = new Map(batch.map((source) => [source.source_id, source.position]));
  const parsed: Array<{ candidate: ExtractedCandidate; first: number; order: number }> = [];
  for (const [order, item] of answer.candidates.entries()) {
    if (!exactKeys(item, ["kind", "text", "confidence", "source_ids"])) return { status: "rejected", reason: "output" };
    const { kind, text, confidence, source_ids: ids } = item;
    if (typeof kind !== "string" || !(LLM_KINDS as readonly string[]).includes(kind))
      return { status: "rejected", reason: "output" };
    if (typeof text !== "string") return { status: "rejected", reason: "output" };
    const normalized = text.normalize("NFC").trim();
    if (normalized === "") return { status: "rejected", reason: "output" };
    if (utf8Length(normalized) > MAX_TEXT_BYTES) return { status: "rejected", reason: "budget" };
    if (typeof confidence !== "number" || !(confidence >= 0 && confidence <= 1))
      return { status: "rejected", reason: "output" };
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      !ids.every((id) => typeof id === "string") ||
      new Set(ids).size !== ids.length
    ) {
      return { status: "rejected", reason: "output" };
    }
    if (!ids.every((id) => positions.has(id as string))) return { status: "rejected", reason: "evidence" };
    const cited = (ids as string[])
      .map((id) => ({ id, position: positions.get(id) ?? 0 }))
      .sort((a, b) => a.position - b.position);
    const source_refs: SourceReference[] = cited.map(({ id }) => ({ name: "content", source_id: id }));
    parsed.push({
      candidate: { kind, text: normalized, confidence, source_refs, extractor: "llm" },
      first: cited[0]?.position ?? 0,
      order,
    });
  }
  parsed.sort((a, b) => a.first - b.first || a.order - b.order);
  return { status: "ok", candidates: parsed.map((entry) => entry.candidate) };
}
