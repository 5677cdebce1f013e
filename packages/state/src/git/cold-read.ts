// Cold history: the scope files of a view as a store commit holds them, read with one `cat-file --batch` (no
// checkout, no worktree read, output not capped), and the commit that owns a transition (its `Seq:` trailer).
import { StateError } from "../errors.ts";
import { emptyStream, materialize } from "../history.ts";
import { parseHead } from "../scope-files.ts";
import { SCOPES_DIRECTORY, scopeFileName } from "../scopes.ts";
import { emptyState } from "../state.ts";
import { SCOPES, type ScopeName, type ScopeStream, type View, type ViewKeys } from "../types.ts";
import { isObjectId, runGit } from "./git-command.ts";

export interface ColdView {
  /** The full commit id the view was read from. */
  commit: string;
  view: View;
}

interface BatchObject {
  name: string;
  type: string;
  bytes: Buffer | null;
}

/** Parses `cat-file --batch` output: "<id> <type> <size>\n<bytes>\n" per object, "<name> missing\n" otherwise. */
function parseBatch(out: Buffer, count: number): BatchObject[] {
  const objects: BatchObject[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const end = out.indexOf(0x0a, at);
    if (end < 0) break;
    const header = out.subarray(at, end).toString("utf8").split(" ");
    at = end + 1;
    if (header.length !== 3) {
      objects.push({ name: header[0] ?? "", type: "missing", bytes: null });
      continue;
    }
    const size = Number(header[2]);
    objects.push({ name: header[0] as string, type: header[1] as string, bytes: out.subarray(at, at + size) });
    at += size + 1;
  }
  return objects;
}

function unknownRevision(revision: string): StateError {
  return new StateError("unknown_revision", `${revision} is not a commit of the state store's history.`, {
    details: { revision },
  });
}

function streamOf(scope: ScopeName, key: string, object: BatchObject | undefined, commit: string): ScopeStream {
  if (object === undefined || object.bytes === null) return emptyStream(scope, key);
  if (object.type !== "blob") throw new StateError("corrupt_store", `${commit}: ${scope} is not a file`);
  const head = parseHead(object.bytes, `${commit}:${scopeFileName(scope, key)}`, scope, key);
  const checkpoint = head.checkpoint?.state ?? emptyState();
  return { scope, key, head, checkpoint, current: materialize(checkpoint, head.tail), basis: null };
}

/** The view of `keys` at `revision` (a hex commit id, full or abbreviated). Throws `unknown_revision`. */
export async function readViewAt(
  root: string,
  keys: ViewKeys,
  revision: string,
  options: { binary?: string } = {},
): Promise<ColdView> {
  if (!isObjectId(revision)) throw unknownRevision(revision);
  const names = [
    `${revision}^{commit}`,
    ...SCOPES.map((scope) => `${revision}:${SCOPES_DIRECTORY}/${scopeFileName(scope, keys[scope])}`),
  ];
  const result = await runGit(root, ["cat-file", "--batch"], { ...options, input: `${names.join("\n")}\n` });
  if (result.code !== 0) throw unknownRevision(revision);
  const [commit, ...files] = parseBatch(result.stdout, names.length);
  if (commit?.type !== "commit") throw unknownRevision(revision);
  const view = {} as View;
  SCOPES.forEach((scope, index) => {
    view[scope] = streamOf(scope, keys[scope], files[index], commit.name);
  });
  return { commit: commit.name, view };
}

/** The store commit whose cohort was the transition with `seq` (never HEAD by default), or null. */
export async function commitOfSeq(
  root: string,
  seq: number,
  options: { binary?: string } = {},
): Promise<string | null> {
  if (!Number.isInteger(seq) || seq <= 0) return null;
  const result = await runGit(root, ["log", "-1", "--format=%H", `--grep=^Seq: ${seq}$`, "HEAD"], options);
  const commit = result.stdout.toString().trim();
  return result.code === 0 && isObjectId(commit) ? commit : null;
}
