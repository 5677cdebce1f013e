// Purge: the one deletion path (leaked secrets, privacy requests). The store deletes, audits and compacts; the domain
// turns an unknown target into its refusal and makes the semantic indexes read the scope afresh, since a purge
// deletes rows without writing a Memory revision.
import type {
  ListPurgesRequest,
  ListPurgesResponse,
  PurgeEntryRequest,
  PurgeResponse,
  PurgeScopeRequest,
  PurgeSourceRequest,
} from "@powercontext/protocol";
import type { PurgeOutcome } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { type Refusal, refusalError } from "../refusals.ts";

type PurgeDeps = Pick<DomainDeps, "store" | "clock" | "semantic" | "endpoint">;

export async function purgeSource(deps: PurgeDeps, request: PurgeSourceRequest): Promise<PurgeResponse> {
  const { scope_id, source_id } = request;
  const outcome = await deps.store.purgeSource(scope_id, source_id, now(deps));
  return answer(deps, scope_id, outcome, "source_not_found", { scope_id, source_id });
}

export async function purgeMemoryEntry(deps: PurgeDeps, request: PurgeEntryRequest): Promise<PurgeResponse> {
  const { scope_id, entry_id } = request;
  const outcome = await deps.store.purgeEntry(scope_id, entry_id, now(deps));
  return answer(deps, scope_id, outcome, "memory_not_found", { scope_id, entry_id });
}

export async function purgeScope(deps: PurgeDeps, request: PurgeScopeRequest): Promise<PurgeResponse> {
  const outcome = await deps.store.purgeScope(request.scope_id, now(deps));
  return answer(deps, request.scope_id, outcome, "scope_not_found", { scope_id: request.scope_id });
}

export async function listPurges(
  deps: Pick<DomainDeps, "store">,
  request: ListPurgesRequest,
): Promise<ListPurgesResponse> {
  return { purges: await deps.store.listPurges(request.scope_id) };
}

function now(deps: PurgeDeps): string {
  return deps.clock.now().toISOString();
}

function answer(
  deps: PurgeDeps,
  scopeId: string,
  outcome: PurgeOutcome,
  refusal: Refusal,
  details: Record<string, unknown>,
): PurgeResponse {
  if (outcome.status === "not_found") throw refusalError(refusal, details);
  deps.semantic?.forget(scopeId);
  deps.endpoint?.forget(scopeId);
  const { audit, entries_citing_source, compacted } = outcome;
  return { audit, entries_citing_source, compacted };
}
