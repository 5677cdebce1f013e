// A proposal's evidence (api-v1.md §10): exact Source and Artifact references, deduplicated, 1–32 in total, each
// available in the scope. Anything else is 422 `invalid_request`; what the available references name is returned for
// drafting.
import type { ArtifactReference, SourceReference } from "@powercontext/protocol";
import { canonicalJson } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { ArtifactRevision, HandoffRevision, StoredSource } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { isHandoffRef } from "../handoff/content.ts";

export const MAX_REFS = 32;

export interface EvidenceRefs {
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
}

/** What each available reference names, in request order. */
export interface ResolvedEvidence {
  sources: StoredSource[];
  handoffs: HandoffRevision[];
  artifacts: ArtifactRevision[];
  /** Memory revisions cited as a whole: known to exist, no text of their own. */
  memory_revisions: number;
}

export function invalid(message: string, details?: Record<string, unknown>): PowerContextError {
  return new PowerContextError("invalid_request", message, details === undefined ? {} : { details });
}

function unique<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = canonicalJson(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The references deduplicated (first occurrence kept), refused unless 1–32 remain in total. */
export function normalizeRefs(refs: EvidenceRefs): EvidenceRefs {
  const normalized = { source_refs: unique(refs.source_refs), artifact_refs: unique(refs.artifact_refs) };
  const total = normalized.source_refs.length + normalized.artifact_refs.length;
  if (total < 1 || total > MAX_REFS) {
    throw invalid(
      `A proposal cites 1 to ${MAX_REFS} distinct Source and Artifact references in total; it cites ${total}.`,
    );
  }
  return normalized;
}

/** Every reference resolved, or 422 naming the first unavailable one. */
export async function resolveEvidence(
  deps: Pick<DomainDeps, "store">,
  scopeId: string,
  refs: EvidenceRefs,
): Promise<ResolvedEvidence> {
  const resolved: ResolvedEvidence = { sources: [], handoffs: [], artifacts: [], memory_revisions: 0 };
  for (const ref of refs.source_refs) {
    const source = await deps.store.findSource(scopeId, ref.source_id);
    if (!source) throw invalid("A cited Source is not in the scope's journal.", { source_ref: ref });
    resolved.sources.push(source);
  }
  for (const ref of refs.artifact_refs) {
    if (!(await resolveArtifact(deps, scopeId, ref, resolved))) {
      throw invalid("A cited Artifact revision does not exist in the scope.", { artifact_ref: ref });
    }
  }
  return resolved;
}

async function resolveArtifact(
  deps: Pick<DomainDeps, "store">,
  scopeId: string,
  ref: ArtifactReference,
  into: ResolvedEvidence,
): Promise<boolean> {
  if (ref.family === "memory" && ref.artifact_id === "memory") {
    const head = await deps.store.getMemoryHead(scopeId);
    if (head === null || ref.revision > head.revision) return false;
    into.memory_revisions += 1;
    return true;
  }
  if (isHandoffRef(ref)) {
    const handoff = await deps.store.getHandoffRevision(scopeId, ref.revision);
    if (handoff) into.handoffs.push(handoff);
    return handoff !== null;
  }
  if (ref.family !== "experience" && ref.family !== "skill") return false;
  const artifact = await deps.store.getArtifactRevision(scopeId, ref);
  if (artifact) into.artifacts.push(artifact);
  return artifact !== null;
}
