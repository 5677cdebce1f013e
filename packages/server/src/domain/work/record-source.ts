// Work records are Sources (contract §9): content is the record's canonical JSON, metadata is {kind, schema}, and
// the receipt's digest is sha256 over that canonical JSON (decision §12.10). Capture rules apply: the same record
// under the same source_id returns the same receipt; another record gives 409 `source_conflict`.
import { canonicalJson, contentDigest, type WorkReceiptKind, type WorkSourceReceipt } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { captureSource } from "../journal/capture.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";

export interface WorkRecord {
  scope_id: string;
  source_id: string;
  kind: WorkReceiptKind;
  /** The stored record, a JSON object whose `schema` key names the record type. */
  record: { readonly schema: string };
}

export async function captureRecord(
  deps: Pick<DomainDeps, "store" | "clock">,
  work: WorkRecord,
): Promise<WorkSourceReceipt> {
  // An explicit record is refused whole rather than stored redacted: its author can resend it without the secret.
  rejectSecrets(work.record);
  const outcome = await captureSource(deps, {
    scope_id: work.scope_id,
    source_id: work.source_id,
    content: canonicalJson(work.record),
    metadata: { kind: work.kind, schema: work.record.schema },
  });
  return {
    kind: work.kind,
    source: outcome.response.source,
    position: outcome.response.position,
    content_digest: contentDigest(work.record),
  };
}
