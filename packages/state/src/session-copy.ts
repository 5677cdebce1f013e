// A fork's copy of its parent's session stream, as of the fork point, under the child's key with a fresh origin:
// history at or before the origin belongs to the parent and reads as pre-origin in the child.
import { randomBytes } from "node:crypto";
import { readOwnedFile } from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import { reconstructibleAt } from "./fork.ts";
import { maxSeq } from "./history.ts";
import { loadStream, prepareScopeFile, scopePath } from "./scope-files.ts";
import type { ScopeHead, ScopeStream, View, ViewKeys } from "./types.ts";
import { loadView } from "./view-files.ts";
import { writeScopes } from "./write-scopes.ts";

/**
 * Run under the store lock. An existing target is left as it is. Throws `fork_point_folded`. `cold` is the source as
 * a Git commit holds it, when the live stream folded the fork point away (exact restoration from cold history).
 */
export async function copySessionStream(
  root: string,
  {
    keys,
    fromKey,
    atSeq,
    now,
    cold,
  }: { keys: ViewKeys; fromKey: string; atSeq: number | null; now: Date; cold?: ScopeStream | undefined },
): Promise<View> {
  const target = loadStream(root, "session", keys.session);
  if (target.head !== null) return loadView(root, keys);
  const source = cold ?? loadStream(root, "session", fromKey);
  const live = loadView(root, keys);
  const origin = Math.max(maxSeq({ ...live, session: source }), 1);
  const head = forkedHead(source, keys.session, atSeq, origin, now.toISOString());
  const before = readOwnedFile(scopePath(root, "session", keys.session));
  const prepared = prepareScopeFile(root, "session", head, before);
  await writeScopes(root, [prepared], `fork_${randomBytes(8).toString("hex")}`, undefined);
  return loadView(root, keys);
}

/** The child's head: the parent's checkpoint and the tail records up to `atSeq` (null: all of them). */
function forkedHead(source: ScopeStream, key: string, atSeq: number | null, origin: number, stamp: string): ScopeHead {
  if (atSeq !== null && !reconstructibleAt(source.head, atSeq))
    throw new StateError(
      "fork_point_folded",
      "The fork point is older than the parent session's retained history (its patch was folded into the checkpoint), so its session state cannot be rebuilt.",
      { details: { at_seq: atSeq, checkpoint_seq: source.head?.checkpoint?.seq ?? null } },
    );
  const tail = source.head?.tail.filter((record) => atSeq === null || record.seq <= atSeq) ?? [];
  const checkpoint = source.head?.checkpoint ?? null;
  return {
    format: "powercontext.state.head.v1",
    scope: "session",
    key,
    revision: tail.at(-1)?.revision ?? checkpoint?.revision ?? 0,
    seq: tail.at(-1)?.seq ?? checkpoint?.seq ?? 0,
    origin_seq: origin,
    checkpoint,
    tail,
    created_at: stamp,
    updated_at: stamp,
  };
}
