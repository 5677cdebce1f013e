// Reading a view: the three scope files of a session's keys, each reused unparsed while its bytes are unchanged.
import { type LoadedStream, readStream } from "./scope-files.ts";
import type { ScopeName, View, ViewKeys } from "./types.ts";

export type LiveFiles = Record<ScopeName, LoadedStream>;

/** Reads the three scope files; a file whose bytes still hash to the `known` stream's basis is not parsed again. */
export function readLive(root: string, keys: ViewKeys, known?: View): LiveFiles {
  const reuse = (scope: ScopeName) => (known?.[scope].key === keys[scope] ? known[scope] : undefined);
  return {
    global: readStream(root, "global", keys.global, reuse("global")),
    cwd: readStream(root, "cwd", keys.cwd, reuse("cwd")),
    session: readStream(root, "session", keys.session, reuse("session")),
  };
}

export function viewOf(files: LiveFiles): View {
  return { global: files.global.stream, cwd: files.cwd.stream, session: files.session.stream };
}

export function loadView(root: string, keys: ViewKeys, known?: View): View {
  return viewOf(readLive(root, keys, known));
}
