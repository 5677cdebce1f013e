// Public probes (api-v1.md §5.1–5.2). Readiness answers 200 and 503 with the same body, not the error envelope.
import { Type, type Static } from "typebox";
import { StringEnum, WireObject } from "./builders.ts";

export const LivenessResponse = WireObject("Liveness", { status: Type.Literal("ok") });
export type LivenessResponse = Static<typeof LivenessResponse>;

export const ReadinessStatus = StringEnum(["ready", "degraded", "not_ready"], { title: "ReadinessStatus" });
export type ReadinessStatus = Static<typeof ReadinessStatus>;

/** Check name → state (`ready`, `unavailable`, `timeout`, `misconfigured`, `not_ready`): an open string map. */
export const ReadinessChecks = Type.Object({}, { title: "ReadinessChecks", additionalProperties: Type.String() });
export type ReadinessChecks = Static<typeof ReadinessChecks>;

/** `ready` and `degraded` answer 200; `not_ready` answers 503 with this same body. */
export const ReadinessResponse = WireObject("Readiness", { status: ReadinessStatus, checks: ReadinessChecks });
export type ReadinessResponse = Static<typeof ReadinessResponse>;
