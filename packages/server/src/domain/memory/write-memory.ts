// Explicit Memory writes: remember, revise, retire. Results follow contract §7.2, §7.6 and §7.7.
import type {
  MemoryMutationResponse,
  RememberRequest,
  RetireMemoryEntryRequest,
  ReviseMemoryEntryRequest,
} from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { rememberEntry, retireEntry, reviseEntry } from "./entry-writes.ts";
import { buildEntryVersion } from "./new-entry.ts";
import type { EntryMutationResult, RememberResult } from "./revision.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { normalizeKind, normalizeReason, normalizeText } from "./normalize.ts";

export async function rememberMemory(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: RememberRequest,
): Promise<MemoryMutationResponse> {
  const { kind, text } = normalizeEntry(request);
  const result = await rememberEntry(deps.store, {
    scope_id: request.scope_id,
    entry: buildEntryVersion(deps.ids, { kind, text }),
    reason: normalizeReason(request.reason),
    expected_revision: request.expected_revision ?? null,
    now: deps.clock.now().toISOString(),
  });
  return mutationResponse(result);
}

export async function reviseMemoryEntry(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: ReviseMemoryEntryRequest,
): Promise<MemoryMutationResponse> {
  const { kind, text } = normalizeEntry(request);
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

/** An entry's kind and text as Memory keeps them; 422 `secret_rejected` if they or the reason carry a secret. */
function normalizeEntry(request: { kind: string; text: string; reason?: string | null }): {
  kind: string;
  text: string;
} {
  const kind = normalizeKind(request.kind);
  const text = normalizeText(request.text);
  rejectSecrets({ kind, text, reason: request.reason ?? null });
  return { kind, text };
}

/** The answer of a write, or the error its refusal is answered with. */
function mutationResponse(result: RememberResult | EntryMutationResult): MemoryMutationResponse {
  if (result.status === "written" || result.status === "unchanged")
    return { memory: result.memory, entry: result.entry };
  throw refusalError(result.status);
}
