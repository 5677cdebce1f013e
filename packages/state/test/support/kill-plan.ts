// The kill replay's plan, pure and seeded: what each round asks the fake model to do (patches of one or two scopes,
// `final: true` patches, prose before eligibility that forces turn-resolution fallback turns) and where the round's
// SIGKILL lands (inside the n-th publication on purpose, or a timer started when the k-th model request arrives).
// Every patch writes a key of its own (`p<id>` = id), so a value on disk names the one patch that could have put it.

export interface PatchStep {
  call: "patch_state";
  args: { final?: boolean; global?: { working: Record<string, number> }; cwd?: { working: Record<string, number> } };
}
export type Step = PatchStep | { text: string };

export type Kill =
  /** The host SIGKILLs itself right after the n-th scope file it makes visible in the round (test/support/kill-host.ts). */
  | { kind: "publication"; head: number }
  /** The replay SIGKILLs Pi `delayMs` after the round's k-th model request arrives (or once the round settles). */
  | { kind: "timer"; request: number; delayMs: number };

export interface Round {
  steps: Step[];
  kill: Kill;
}

/** mulberry32: a small seeded generator, so a failing replay is replayed exactly from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** A patch with a fresh id, of the cwd scope alone or of global and cwd at once (a journaled publication). */
export function patchStep(id: number, twoScopes: boolean, final = false): PatchStep {
  const working = { [`p${id}`]: id };
  return {
    call: "patch_state",
    args: {
      ...(final ? { final: true } : {}),
      ...(twoScopes ? { global: { working: { ...working } } } : {}),
      cwd: { working: { ...working } },
    },
  };
}

/** How many scope files a step makes visible when it is accepted. */
export function headsOf(step: Step): number {
  return "call" in step ? (step.args.global === undefined ? 1 : 2) : 0;
}

/**
 * The shape of a round's ending: final patch then answer (no fallback); answer then a final patch in the fallback
 * turn; answer, a plain patch and a final patch in the fallback turn; or three answers (two fallbacks, unresolved).
 */
function ending(random: () => number, nextId: () => number, round: number): Step[] {
  const text = (n: number) => ({ text: `answer ${round}.${n}` });
  const patch = (final = false) => patchStep(nextId(), random() < 0.5, final);
  switch (between(random, 0, 3)) {
    case 0:
      return [patch(true), text(1)];
    case 1:
      return [text(1), patch(true)];
    case 2:
      return [text(1), patch(), patch(true)];
    default:
      return [text(1), text(2), text(3)];
  }
}

/** One round: one to three patches, an ending, and where its kill lands. `nextId` hands out patch ids. */
export function planRound(random: () => number, nextId: () => number, round: number): Round {
  const steps: Step[] = [];
  for (let i = between(random, 1, 3); i > 0; i -= 1) steps.push(patchStep(nextId(), random() < 0.5));
  steps.push(...ending(random, nextId, round));
  const heads = steps.reduce((sum, step) => sum + headsOf(step), 0);
  const kill: Kill =
    random() < 0.5
      ? { kind: "publication", head: between(random, 1, heads) }
      : { kind: "timer", request: between(random, 1, steps.length + 1), delayMs: between(random, 0, 60) };
  return { steps, kill };
}
