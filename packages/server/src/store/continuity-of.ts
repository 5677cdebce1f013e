// The ContinuityStore of an opened Store. The SQLite adapter implements both interfaces on one object; an adapter
// that does not implement ContinuityStore yet gets UNSUPPORTED_CONTINUITY, so the rest of the Server keeps working.
import { PowerContextError } from "../errors.ts";
import type { ContinuityStore, Store } from "./types.ts";

const CONTINUITY_METHODS = [
  "getHandoffHead",
  "getHandoffRevision",
  "commitHandoff",
  "getHandoffCursor",
  "advanceHandoffCursor",
  "addModelUsage",
  "readModelUsage",
] as const satisfies ReadonlyArray<keyof ContinuityStore>;

export function isContinuityStore(store: object): store is ContinuityStore {
  const record = store as Record<string, unknown>;
  return CONTINUITY_METHODS.every((method) => typeof record[method] === "function");
}

function unsupported(): Promise<never> {
  return Promise.reject(
    new PowerContextError("capability_not_supported", "Handoff state is not available on this store.", {
      details: { capability: "handoff" },
    }),
  );
}

/** Reads see an empty history; writes answer 422 `capability_not_supported`; usage is dropped. */
export const UNSUPPORTED_CONTINUITY: ContinuityStore = {
  getHandoffHead: async () => null,
  getHandoffRevision: async () => null,
  commitHandoff: unsupported,
  getHandoffCursor: async () => 0,
  advanceHandoffCursor: unsupported,
  addModelUsage: async () => undefined,
  readModelUsage: async () => [],
};

export function continuityOf(store: Store): ContinuityStore {
  return isContinuityStore(store) ? store : UNSUPPORTED_CONTINUITY;
}
