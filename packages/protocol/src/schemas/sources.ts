// POST /v1/sources/content (api-v1.md §6.1): append one immutable content Source to the scope journal.
import { Type, type Static } from "typebox";
import { NonBlankString, OptionalNullable, WireObject } from "./builders.ts";
import { Ordinal, ScopeId, SourceReference } from "./common.ts";

/** Any JSON object; null means `{}`. Part of the payload compared for idempotency. */
export const SourceMetadata = Type.Object({}, { title: "SourceMetadata", additionalProperties: true });
export type SourceMetadata = Static<typeof SourceMetadata>;

/** Re-capturing the same `(scope_id, source_id)` with an identical payload is idempotent (202, same position). */
export const CaptureRequest = WireObject("CaptureRequest", {
  scope_id: ScopeId,
  source_id: NonBlankString(256),
  content: NonBlankString(200_000),
  metadata: OptionalNullable(SourceMetadata),
});
export type CaptureRequest = Static<typeof CaptureRequest>;

/** 202 for a new Source and for an idempotent replay alike. `position` is the Source's journal position. */
export const CaptureResponse = WireObject("CaptureResponse", {
  status: Type.Literal("accepted"),
  source: SourceReference,
  position: Ordinal,
});
export type CaptureResponse = Static<typeof CaptureResponse>;
