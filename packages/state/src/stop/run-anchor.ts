// Which user run Stop would interrupt. A run is open from before_agent_start; its anchor is the timestamp of its first
// user message. A run that settles after a normal end closes; one whose last agent_end was aborted or an error stays
// open (interrupted), so a Stop while idle after Escape still keeps that run's trajectory. (agent_end is not the end
// of the run: a follow-up, such as a turn-resolution fallback, continues it, so the run closes at agent_settled.) Held
// in memory while the session is loaded; on session start, reload, resume and /tree it is restored from the run entry
// on the selected branch (run-start.ts).

/**
 * Stop reasons of a last assistant message that finish a run. Anything else leaves it interrupted: `aborted` or
 * `error`, a `toolUse` whose tools were cut short by Escape, or no assistant message at all.
 */
const FINISHED = new Set(["stop", "length"]);

/** Whether a last assistant message with this stop reason finishes its run. */
export function finishes(stopReason: unknown): boolean {
  return FINISHED.has(String(stopReason));
}

export interface RunAnchor {
  /** A user run starts (before_agent_start). */
  begin(): void;
  /** A message was completed (message_end): the first user message of the run fixes the anchor. */
  observe(message: unknown): void;
  /** The agent loop ended (agent_end) with these messages. */
  ended(messages: readonly unknown[]): void;
  /** The run settled (agent_settled): it closes unless its last end was interrupted. */
  settled(): void;
  /** The first user message's timestamp of the open or interrupted run, or undefined. */
  from(): number | undefined;
  /** Another branch or session was selected: its interrupted run's anchor, or undefined for none. */
  restore(from: number | undefined): void;
}

export function createRunAnchor(): RunAnchor {
  let open = false;
  let from: number | undefined;
  let interrupted = false;
  return {
    begin() {
      open = true;
      from = undefined;
      interrupted = false;
    },
    observe(message) {
      const value = message as { role?: unknown; timestamp?: unknown } | null;
      if (open && from === undefined && value?.role === "user" && typeof value.timestamp === "number")
        from = value.timestamp;
    },
    ended(messages) {
      const last = messages.findLast((message) => (message as { role?: unknown })?.role === "assistant") as
        | { stopReason?: unknown }
        | undefined;
      interrupted = !finishes(last?.stopReason);
    },
    settled() {
      if (!interrupted) open = false;
    },
    from: () => (open ? from : undefined),
    restore(value) {
      open = value !== undefined;
      from = value;
      interrupted = open;
    },
  };
}
