// POST /v1/context/prepare (api-v1.md §6.2): PreparedContext v1, checked exactly by the Pi client.
import { Type, type Static } from "typebox";
import { PREPARED_CONTEXT_SCHEMA } from "../schema-ids.ts";
import { NonBlankString, WireObject } from "./builders.ts";
import { ScopeId } from "./common.ts";

/** The recall budget in UTF-8 bytes; 365 bytes is an empty frame, hence the minimum. */
export const MaxBytes = Type.Integer({ title: "MaxBytes", minimum: 512, maximum: 32768, default: 8000 });
export type MaxBytes = Static<typeof MaxBytes>;

/**
 * `query` accepts up to 200,000 code points, not the contract's 8,192: the Pi client does not truncate prompts, and
 * a longer prompt should still get recall. Still non-blank.
 */
export const PrepareContextRequest = WireObject("PrepareContextRequest", {
  scope_id: ScopeId,
  query: NonBlankString(200_000),
  max_bytes: Type.Optional(MaxBytes),
});
export type PrepareContextRequest = Static<typeof PrepareContextRequest>;

/** Nothing to recall: no Memory, no match, or nothing fits. */
export const EmptyPreparedContext = WireObject("EmptyPreparedContext", {
  schema: Type.Literal(PREPARED_CONTEXT_SCHEMA),
  status: Type.Literal("empty"),
  content: Type.Null(),
  content_bytes: Type.Literal(0),
});
export type EmptyPreparedContext = Static<typeof EmptyPreparedContext>;

/**
 * Recalled items rendered as the content block. `content_bytes` MUST equal the UTF-8 byte length of `content` and
 * fit the request's `max_bytes`; the schema cannot express that, the domain guarantees it.
 */
export const ReadyPreparedContext = WireObject("ReadyPreparedContext", {
  schema: Type.Literal(PREPARED_CONTEXT_SCHEMA),
  status: Type.Literal("ready"),
  content: NonBlankString(32768),
  content_bytes: Type.Integer({ minimum: 1, maximum: 32768 }),
});
export type ReadyPreparedContext = Static<typeof ReadyPreparedContext>;

/** Exactly four keys, discriminated on `status`. */
export const PreparedContext = Type.Union([EmptyPreparedContext, ReadyPreparedContext], { title: "PreparedContext" });
export type PreparedContext = Static<typeof PreparedContext>;
