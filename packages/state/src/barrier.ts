// The patch_state barrier: patch_state must be the only tool call of its assistant response. Batches are recorded
// from each assistant message; any call of a batch holding patch_state beside other calls is blocked, patch_state
// included, so nothing of that response runs.

export const PATCH_TOOL = "patch_state";
const REMEMBERED_CALLS = 256;

export interface ToolCallRef {
  id: string;
  name: string;
}

/** The tool calls of an assistant message (`content` blocks of type toolCall), read structurally. */
export function toolCallsOf(message: unknown): ToolCallRef[] | null {
  const value = message as { role?: unknown; content?: unknown } | null;
  if (value?.role !== "assistant" || !Array.isArray(value.content)) return null;
  const calls: ToolCallRef[] = [];
  for (const block of value.content as unknown[]) {
    const call = block as { type?: unknown; id?: unknown; name?: unknown } | null;
    if (call?.type === "toolCall" && typeof call.id === "string" && typeof call.name === "string")
      calls.push({ id: call.id, name: call.name });
  }
  return calls;
}

/** Why a call of this batch must not run, or null. */
export function barrierVerdict(batch: readonly ToolCallRef[], callId: string): string | null {
  if (batch.length < 2 || !batch.some((call) => call.name === PATCH_TOOL)) return null;
  const self = batch.find((call) => call.id === callId);
  if (self?.name === PATCH_TOOL) {
    return `patch_state must be the only tool call of its response; this response had ${batch.length} calls, so none ran and nothing was written. Call patch_state alone, then the other tools.`;
  }
  return "blocked: patch_state in the same response is an inference barrier, so no sibling call runs. Call patch_state alone, then this tool.";
}

export interface BatchTracker {
  /** Records the batch of an assistant message. */
  record(message: unknown): void;
  /** The recorded batch holding `callId`, or null. */
  batchOf(callId: string): readonly ToolCallRef[] | null;
}

export function createBatchTracker(): BatchTracker {
  const batches = new Map<string, readonly ToolCallRef[]>();
  return {
    record(message) {
      const calls = toolCallsOf(message);
      if (calls === null || calls.length === 0) return;
      for (const call of calls) batches.set(call.id, calls);
      while (batches.size > REMEMBERED_CALLS) batches.delete(batches.keys().next().value as string);
    },
    batchOf: (callId) => batches.get(callId) ?? null,
  };
}

/** Finds the batch of `callId` on a session branch (newest first), for hosts that persist before preflight. */
export function batchFromBranch(branch: readonly unknown[], callId: string): ToolCallRef[] | null {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index] as { type?: unknown; message?: unknown } | null;
    if (entry?.type !== "message") continue;
    const calls = toolCallsOf(entry.message);
    if (calls?.some((call) => call.id === callId)) return calls;
  }
  return null;
}
