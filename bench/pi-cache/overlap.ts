// Overlap between consecutive recalls: would sending only the new items beat re-sending the whole block?
// Measured offline on the blocks a session actually received, so both strategies see the same recalls.
import { PREPARED_CONTEXT_BEGIN, PREPARED_CONTEXT_END } from "@powercontext/protocol";

export interface OverlapCost {
  /** Turns whose recall differed from the one in force before. */
  changes: number;
  /** Mean share of a changed recall's items the previous recall already held. */
  meanOverlap: number;
  /** Bytes sent re-sending the whole block on each change (the shipped behaviour). */
  fullBytes: number;
  /** Bytes a block of only the new items would have taken (the same label, preamble and markers). */
  deltaBytes: number;
}

function split(block: string): { frame: [string, string]; items: unknown[] } | null {
  const begin = block.indexOf(`${PREPARED_CONTEXT_BEGIN}\n`);
  const end = block.lastIndexOf(`\n${PREPARED_CONTEXT_END}`);
  if (begin < 0 || end < 0) return null;
  const body = JSON.parse(block.slice(begin + PREPARED_CONTEXT_BEGIN.length + 1, end)) as { items: unknown[] };
  return { frame: [block.slice(0, begin + PREPARED_CONTEXT_BEGIN.length + 1), block.slice(end)], items: body.items };
}

const key = (item: unknown) => JSON.stringify((item as { citation?: unknown }).citation ?? item);

/** `inForce[i]` is the recall block in force at request i (undefined when none). */
export function overlapCost(inForce: readonly (string | undefined)[]): OverlapCost {
  let changes = 0;
  let overlapSum = 0;
  let fullBytes = 0;
  let deltaBytes = 0;
  let previous: ReturnType<typeof split> = null;
  let previousBlock: string | undefined;
  for (const block of inForce) {
    if (block === undefined || block === previousBlock) continue;
    const current = split(block);
    previousBlock = block;
    if (current === null) continue;
    const held = new Set((previous?.items ?? []).map(key));
    const fresh = current.items.filter((item) => !held.has(key(item)));
    if (previous !== null) {
      changes += 1;
      overlapSum += current.items.length === 0 ? 0 : 1 - fresh.length / current.items.length;
    }
    fullBytes += Buffer.byteLength(block);
    const body = JSON.stringify({ trust: "untrusted_history", items: fresh });
    deltaBytes += Buffer.byteLength(`${current.frame[0]}${body}${current.frame[1]}`);
    previous = current;
  }
  return { changes, meanOverlap: changes === 0 ? 0 : overlapSum / changes, fullBytes, deltaBytes };
}
