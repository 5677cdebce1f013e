// Planning one transition against the live scope files: the compare-and-swap of every supplied scope, then each
// one's new head (its tail appended, the oldest patch folded into the checkpoint past the limit) and the view the
// written bytes will make. Nothing is written here.
import { randomBytes } from "node:crypto";
import { appendPatch, maxSeq } from "./history.ts";
import { applyTransition } from "./patch.ts";
import { type PreparedScope, prepareScopeFile } from "./scope-files.ts";
import { SCOPES, type ScopeName, type TransitionRequest, type View } from "./types.ts";
import { type LiveFiles, viewOf } from "./view-files.ts";

export type TransitionPlan =
  | { status: "conflict"; scopes: ScopeName[]; view: View }
  | {
      status: "planned";
      prepared: PreparedScope[];
      view: View;
      transition: string;
      seq: number;
      revisions: Partial<Record<ScopeName, number>>;
    };

/** `now` stamps the transition; its seq is at least the newest seq of the view plus one (a hybrid logical clock). */
export function planTransition(
  root: string,
  files: LiveFiles,
  basis: View,
  request: TransitionRequest,
  now: () => Date,
): TransitionPlan {
  const live = viewOf(files);
  const touched = SCOPES.filter((scope) => request.patches[scope] !== undefined);
  const conflicts = touched.filter((scope) => live[scope].basis !== basis[scope].basis);
  if (conflicts.length > 0) return { status: "conflict", scopes: conflicts, view: live };
  const next = applyTransition(
    { global: live.global.current, cwd: live.cwd.current, session: live.session.current },
    request,
  );
  const at = now();
  const seq = Math.max(at.getTime() * 1000, maxSeq(live) + 1);
  const stamp = { seq, transition: `tr_${randomBytes(8).toString("hex")}`, at: at.toISOString() };
  const prepared: PreparedScope[] = [];
  const revisions: Partial<Record<ScopeName, number>> = {};
  const view: View = { ...live };
  for (const scope of touched) {
    const current = next[scope] ?? live[scope].current;
    const appended = appendPatch(live[scope], request.patches[scope] ?? {}, current, stamp);
    const item = prepareScopeFile(root, scope, appended.head, files[scope].bytes);
    prepared.push(item);
    revisions[scope] = appended.head.revision;
    // The written bytes are exactly this head serialized, so the new view needs no re-read.
    view[scope] = { ...live[scope], head: appended.head, checkpoint: appended.checkpoint, current, basis: item.sha256 };
  }
  return { status: "planned", prepared, view, transition: stamp.transition, seq, revisions };
}
