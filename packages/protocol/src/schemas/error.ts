// The error envelope every non-2xx application response carries (api-v1.md §2).
import { Type, type Static } from "typebox";
import { ClosedObject, Nullable, WireObject } from "./builders.ts";

/** Open on purpose: each code defines its own `details` object (e.g. `{"errors":[…]}` for `invalid_request`). */
export const ErrorDetails = Type.Object({}, { title: "ErrorDetails", additionalProperties: true });
export type ErrorDetails = Static<typeof ErrorDetails>;

/** `{"error":{"code","message","details"}}`: closed, all three keys always present. `message` is safe to show. */
export const ErrorEnvelope = WireObject("ErrorEnvelope", {
  error: ClosedObject({
    code: Type.String({ minLength: 1 }),
    message: Type.String(),
    details: Nullable(ErrorDetails),
  }),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
