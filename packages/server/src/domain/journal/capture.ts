// capture_content_source: append one immutable Source to the scope's journal (contract §6.1).
import { contentDigest, type SourceReference } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { JsonObject } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { redactJson } from "../secrets/secret-guard.ts";

export interface CaptureRequest {
  scope_id: string;
  source_id: string;
  content: string;
  metadata?: JsonObject | null;
}

export interface CaptureResponse {
  status: "accepted";
  source: SourceReference;
  position: number;
}

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
  const content = redactJson(request.content);
  const metadata = redactJson(request.metadata ?? {});
  const result = await deps.store.captureSource({
    scope_id: request.scope_id,
    source_id: request.source_id,
    content: content.value,
    metadata: metadata.value,
    payload_digest: contentDigest({ content: content.value, metadata: metadata.value }),
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
