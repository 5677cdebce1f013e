// capture_content_source: append one immutable Source to the scope's journal (contract §6.1).
import { contentDigest, redactSecrets, type CaptureRequest, type CaptureResponse } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { redactJsonObject } from "../secrets/secret-guard.ts";

export interface CaptureOutcome {
  response: CaptureResponse;
  redaction_count: number;
}

export async function captureSource(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: CaptureRequest,
): Promise<CaptureOutcome> {
  // Secrets are redacted before anything is stored, and the digest is taken over the redacted payload, so no
  // stored value (not even a hash) is derived from a secret. Redaction is deterministic: replays still match.
  const content = redactSecrets(request.content);
  const metadata = redactJsonObject(request.metadata ?? {});
  const result = await deps.store.captureSource({
    scope_id: request.scope_id,
    source_id: request.source_id,
    content: content.text,
    metadata: metadata.value,
    payload_digest: contentDigest({ content: content.text, metadata: metadata.value }),
    redaction_count: content.redactions + metadata.redactions,
    captured_at: deps.clock.now().toISOString(),
  });
  if (result.status === "conflict") {
    throw new PowerContextError("source_conflict", "The Source identity has different content.");
  }
  return {
    response: { status: "accepted", source: result.receipt.source, position: result.receipt.position },
    redaction_count: result.receipt.redaction_count,
  };
}
