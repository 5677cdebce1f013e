// finalize_handoff (contract §8.3): a draft whose direct citations all resolve becomes a PreparedHandoff that records
// the Handoff head it saw. No model is used and nothing is stored.
import type { FinalizeHandoffRequest, PreparedHandoff } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { directCitations, dedupeCitations } from "./citations.ts";
import { handoffRef, preparedHandoff } from "./content.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { requireAvailable } from "./evidence.ts";

export async function finalizeHandoff(
  deps: Pick<DomainDeps, "store">,
  request: FinalizeHandoffRequest,
): Promise<PreparedHandoff> {
  rejectSecrets(request.draft);
  await requireAvailable(deps, request.scope_id, dedupeCitations(directCitations(request.draft)));
  const head = await deps.store.getHandoffHead(request.scope_id);
  return preparedHandoff(request.scope_id, head ? handoffRef(head.revision) : null, request.draft);
}
