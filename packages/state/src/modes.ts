// Session modes: active (tools + projection), passive (read-only projection, no tools), off (nothing).
// The mode follows the session: it is stored as a custom session entry and rebuilt from the branch.

export const MODES = ["active", "passive", "off"] as const;
export type Mode = (typeof MODES)[number];

export const MODE_ENTRY = "powercontext-state-mode";

export function isMode(value: unknown): value is Mode {
  return typeof value === "string" && (MODES as readonly string[]).includes(value);
}

/** The last mode entry on the branch, or the fallback. Entries are read structurally (`type`, `customType`, `data.mode`). */
export function modeFromBranch(entries: readonly unknown[], fallback: Mode): Mode {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index] as { type?: unknown; customType?: unknown; data?: { mode?: unknown } } | null;
    if (entry?.type === "custom" && entry.customType === MODE_ENTRY && isMode(entry.data?.mode)) return entry.data.mode;
  }
  return fallback;
}

/** Tools a mode exposes to the model. */
export function toolsFor(mode: Mode): readonly string[] {
  return mode === "active" ? ["patch_state", "read_state"] : [];
}
