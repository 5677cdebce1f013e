// The explicit entry writes on a store: read what the plan needs, plan (revision.ts), commit, and plan again on a
// conflict. Inputs are already normalized; write-memory.ts turns requests into them and results into responses.
import type { MemoryCitation, MemoryEntry } from "@powercontext/protocol";
import type { MemoryHeads, Store } from "../../store/types.ts";
import { readCited } from "./citation.ts";
import { runPlan } from "./commit-plan.ts";
import {
  planRemember,
  planRetire,
  planRevise,
  type EntryMutationResult,
  type RememberInput,
  type RememberResult,
  type ReviseInput,
  type RetireInput,
} from "./revision.ts";

export async function rememberEntry(store: Store, input: RememberInput): Promise<RememberResult> {
  const outcome = await runPlan<RememberResult>(store, input, async () => {
    const view = await store.readHeads(input.scope_id, { entry_ids: [], fingerprints: [input.entry.fingerprint] });
    return planRemember(view, input);
  });
  return outcome.status === "done" ? outcome.answer : { status: "revision_conflict" };
}

export async function reviseEntry(store: Store, input: ReviseInput): Promise<EntryMutationResult> {
  const outcome = await runPlan<EntryMutationResult>(store, input, async () => {
    const { view, at } = await readForCitation(store, input.scope_id, input.citation);
    return planRevise(view, at, input);
  });
  return outcome.status === "done" ? outcome.answer : { status: "revision_conflict" };
}

export async function retireEntry(store: Store, input: RetireInput): Promise<EntryMutationResult> {
  const outcome = await runPlan<EntryMutationResult>(store, input, async () => {
    const { view, at } = await readForCitation(store, input.scope_id, input.citation);
    return planRetire(view, at, input);
  });
  return outcome.status === "done" ? outcome.answer : { status: "revision_conflict" };
}

/** The cited entry's head (with the head revision), then the entry at the cited revision if that revision exists. */
async function readForCitation(
  store: Store,
  scopeId: string,
  citation: MemoryCitation,
): Promise<{ view: MemoryHeads; at: MemoryEntry | null }> {
  const view = await store.readHeads(scopeId, { entry_ids: [citation.entry_id], fingerprints: [] });
  return { view, at: await readCited(store, scopeId, view.memory?.revision ?? 0, citation) };
}
