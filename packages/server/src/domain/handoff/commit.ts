// commit_handoff (contract §8.4): optimistic on the head; committing the head's own content again is a no-op.
import {
  canonicalJson,
  type CommitHandoffRequest,
  type CommitHandoffResponse,
  type HandoffContent,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { JsonObject } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { citedReferences, dedupeCitations, directCitations } from "./citations.ts";
import { handoffRef, isHandoffRef } from "./content.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { requireAvailable } from "./evidence.ts";

function committed(revision: number, content: HandoffContent): CommitHandoffResponse {
  return { reference: handoffRef(revision), content, ...citedReferences(content) };
}

function stale(): PowerContextError {
  return new PowerContextError("revision_conflict", "The Handoff Revision is stale.");
}

/**
 * The contract's order: 1. scope and base shape (422); 2. the head already has this content → the head;
 * 3. base ≠ head → 409 `revision_conflict`; 4. a direct citation unavailable → 404; 5. write the next revision.
 */
export async function commitHandoff(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: CommitHandoffRequest,
): Promise<CommitHandoffResponse> {
  rejectSecrets(request.handoff.content);
  const { handoff } = request;
  if (handoff.scope_id !== request.scope_id) {
    throw new PowerContextError("invalid_request", "The PreparedHandoff belongs to another scope.");
  }
  if (handoff.base !== null && !isHandoffRef(handoff.base)) {
    throw new PowerContextError("invalid_request", "The PreparedHandoff base must be a handoff/handoff reference.");
  }
  const key = canonicalJson(handoff.content);
  const head = await deps.store.getHandoffHead(request.scope_id);
  if (head !== null && canonicalJson(head.content) === key)
    return committed(head.revision, head.content as unknown as HandoffContent);
  if ((head?.revision ?? null) !== (handoff.base?.revision ?? null)) throw stale();
  await requireAvailable(deps, request.scope_id, dedupeCitations(directCitations(handoff.content)));
  const result = await deps.store.commitHandoff({
    scope_id: request.scope_id,
    base_revision: handoff.base?.revision ?? null,
    content: handoff.content as unknown as JsonObject,
    content_key: key,
    now: deps.clock.now().toISOString(),
  });
  switch (result.status) {
    case "committed":
      return committed(result.revision, handoff.content);
    case "unchanged": {
      const current = await deps.store.getHandoffRevision(request.scope_id, result.revision);
      return committed(result.revision, (current?.content ?? handoff.content) as unknown as HandoffContent);
    }
    case "revision_conflict":
      throw stale();
    default: {
      const unknown: never = result;
      throw new Error(`unexpected commit result ${JSON.stringify(unknown)}`);
    }
  }
}
