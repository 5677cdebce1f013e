// Deterministic stand-ins for the domain's clock and id source. Never imported by production code.
import type { Clock, IdSource } from "../domain/deps.ts";

export function fixedClock(iso = "2026-11-29T12:00:00.000Z"): Clock & { advance(ms: number): void } {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Ids `<prefix>` + a zero-padded 32-digit counter, so order of creation is byte order. */
export function sequentialIds(): IdSource {
  let counter = 0;
  return { next: (prefix) => `${prefix}${String((counter += 1)).padStart(32, "0")}` };
}
