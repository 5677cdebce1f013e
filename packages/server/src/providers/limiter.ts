// A counting semaphore whose waiters give up when their abort signal fires (the model call's deadline).

export interface Limiter {
  /** Resolves true once a slot is held, or false if `signal` aborts first (nothing is held then). */
  acquire(signal: AbortSignal): Promise<boolean>;
  /** Frees a slot held by a successful `acquire`. */
  release(): void;
  /** Slots currently held. */
  readonly active: number;
}

export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiters: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    acquire(signal) {
      if (signal.aborted) return Promise.resolve(false);
      if (active < max) {
        active += 1;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const grant = (): void => {
          signal.removeEventListener("abort", abort);
          active += 1;
          resolve(true);
        };
        const abort = (): void => {
          const index = waiters.indexOf(grant);
          if (index >= 0) waiters.splice(index, 1);
          resolve(false);
        };
        waiters.push(grant);
        signal.addEventListener("abort", abort, { once: true });
      });
    },
    release() {
      active -= 1;
      waiters.shift()?.();
    },
  };
}
