// Citation availability (contract §3) and the material behind each available citation, for drafting.
import type { HandoffCitation, MemoryEntry } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { HandoffRevision, StoredSource } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { lookupEntry } from "../memory/citation.ts";
import { isHandoffRef } from "./content.ts";

export type EvidenceDeps = Pick<DomainDeps, "store">;

/** An available citation with what it names. */
export type Evidence =
  | { kind: "source"; citation: HandoffCitation; source: StoredSource }
  | { kind: "memory"; citation: HandoffCitation; entry: MemoryEntry }
  | { kind: "artifact"; citation: HandoffCitation; handoff: HandoffRevision | null };

/**
 * What `citation` names in the scope now, or null when it is unavailable:
 * - source: the `(name, source_id)` is in the journal;
 * - artifact: that exact revision exists (the scope's `memory`/`memory` or `handoff`/`handoff`, or an approved
 *   Experience or Skill revision);
 * - memory: the cited revision exists and maps the entry to exactly that version, active or inactive there.
 */
export async function resolveCitation(
  deps: EvidenceDeps,
  scopeId: string,
  citation: HandoffCitation,
): Promise<Evidence | null> {
  switch (citation.kind) {
    case "source": {
      const source = await deps.store.findSource(scopeId, citation.source_ref.source_id);
      return source ? { kind: "source", citation, source } : null;
    }
    case "memory": {
      const lookup = await lookupEntry(deps.store, scopeId, citation.memory_citation);
      return lookup.status === "found" ? { kind: "memory", citation, entry: lookup.entry } : null;
    }
    case "artifact": {
      const ref = citation.artifact_ref;
      if (ref.family === "memory" && ref.artifact_id === "memory") {
        const head = await deps.store.getMemoryHead(scopeId);
        return head !== null && ref.revision <= head.revision ? { kind: "artifact", citation, handoff: null } : null;
      }
      if (isHandoffRef(ref)) {
        const handoff = await deps.store.getHandoffRevision(scopeId, ref.revision);
        return handoff ? { kind: "artifact", citation, handoff } : null;
      }
      if (ref.family !== "experience" && ref.family !== "skill") return null;
      const artifact = await deps.store.getArtifactRevision(scopeId, ref);
      return artifact ? { kind: "artifact", citation, handoff: null } : null;
    }
    default: {
      const unknown: never = citation;
      throw new Error(`unknown citation ${JSON.stringify(unknown)}`);
    }
  }
}

/** Each citation resolved in order: what it names, or null where it is unavailable. */
async function resolveEach(
  deps: EvidenceDeps,
  scopeId: string,
  citations: readonly HandoffCitation[],
): Promise<Array<Evidence | null>> {
  const resolved: Array<Evidence | null> = [];
  for (const citation of citations) resolved.push(await resolveCitation(deps, scopeId, citation));
  return resolved;
}

/** The unavailable ones among `citations`, in order and deduplicated by the caller's list. */
export async function unavailableCitations(
  deps: EvidenceDeps,
  scopeId: string,
  citations: readonly HandoffCitation[],
): Promise<HandoffCitation[]> {
  const resolved = await resolveEach(deps, scopeId, citations);
  return citations.filter((_, index) => resolved[index] === null);
}

export function evidenceNotFound(): PowerContextError {
  return new PowerContextError("handoff_evidence_not_found", "Cited Handoff evidence was not found.");
}

/** Every citation resolved, in order; 404 `handoff_evidence_not_found` if any is unavailable. */
export async function resolveAll(
  deps: EvidenceDeps,
  scopeId: string,
  citations: readonly HandoffCitation[],
): Promise<Evidence[]> {
  const resolved = await resolveEach(deps, scopeId, citations);
  const available = resolved.filter((evidence) => evidence !== null);
  if (available.length < resolved.length) throw evidenceNotFound();
  return available;
}

/** 404 `handoff_evidence_not_found` unless every citation is available. */
export async function requireAvailable(
  deps: EvidenceDeps,
  scopeId: string,
  citations: readonly HandoffCitation[],
): Promise<void> {
  await resolveAll(deps, scopeId, citations);
}
