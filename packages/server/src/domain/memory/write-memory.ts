// Explicit Memory writes: remember, revise, retire. Results follow contract §7.2, §7.6 and §7.7.
import type {
  MemoryMutationResponse,
  RememberRequest,
  RetireMemoryEntryRequest,
  ReviseMemoryEntryRequest,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { rememberEntry, retireEntry, reviseEntry } from "./entry-writes.ts";
import { buildEntryVersion } from "./new-entry.ts";
import type { EntryMutationResult } from "./revision.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { normalizeKind, normalizeReason, normalizeText } from "./normalize.ts";

export async function rememberMemory(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: RememberRequest,
): Promise<MemoryMutationResponse> {
  const kind = normalizeKind(request.kind);
  const text = normalizeText(request.text);
  rejectSecrets({ kind, text, reason: request.reason ?? null });
  const result = await rememberEntry(deps.store, {
    scope_id: request.scope_id,
    entry: buildEntryVersion(deps.ids, { kind, text }),
    reason: normalizeReason(request.reason),
    expected_revision: request.expected_revision ?? null,
    now: deps.clock.now().toISOString(),
  });
  switch (result.status) {
    case "written":
    case "unchanged":
      return { memory: result.memory, entry: result.entry };
    case "no_memory":
      throw new PowerContextError("artifact_not_found", "The requested Artifact was not found.");
    case "revision_conflict":
      throw new PowerContextError("revision_conflict", "The Memory Revision is stale.");
    default: {
      const unreachable: never = result;
      throw new Error(`unexpected remember result ${JSON.stringify(unreachable)}`);
    }
  }
}

export async function reviseMemoryEntry(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: ReviseMemoryEntryRequest,
): Promise<MemoryMutationResponse> {
  const kind = normalizeKind(request.kind);
  const text = normalizeText(request.text);
  rejectSecrets({ kind, text, reason: request.reason ?? null });
  const next = buildEntryVersion(deps.ids, { kind, text, entry_id: request.citation.entry_id });
  const result = await reviseEntry(deps.store, {
    scope_id: request.scope_id,
    citation: request.citation,
    next: {
      entry_version_id: next.entry_version_id,
      kind,
      text,
      search_text: next.search_text,
      fingerprint: next.fingerprint,
    },
    reason: normalizeReason(request.reason),
    now: deps.clock.now().toISOString(),
  });
  return mutationResponse(result);
}

export async function retireMemoryEntry(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: RetireMemoryEntryRequest,
): Promise<MemoryMutationResponse> {
  rejectSecrets({ reason: request.reason ?? null });
  const result = await retireEntry(deps.store, {
    scope_id: request.scope_id,
    citation: request.citation,
    reason: normalizeReason(request.reason),
    now: deps.clock.now().toISOString(),
  });
  return mutationResponse(result);
}

function mutationResponse(result: EntryMutationResult): MemoryMutationResponse {
  switch (result.status) {
    case "written":
    case "unchanged":
      return { memory: result.memory, entry: result.entry };
    case "artifact_not_found":
      throw new PowerContextError("artifact_not_found", "The requested Artifact was not found.");
    case "memory_not_found":
      throw new PowerContextError("memory_not_found", "The requested Memory value was not found.");
    case "revision_conflict":
      throw new PowerContextError("revision_conflict", "The Memory Revision is stale.");
    case "entry_inactive":
      throw new PowerContextError("memory_entry_inactive", "The Memory entry is inactive.");
    default: {
      const unreachable: never = result;
      throw new Error(`unexpected mutation result ${JSON.stringify(unreachable)}`);
    }
  }
}
