// Where a session's files live: the fold store and evidence directory beside the session file, or memory/tmp without one.
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { EVIDENCE_DIR } from "./evidence.ts";
import { openContentAddressedStore } from "./content-store.ts";
import { openMemoryFoldStore, type FoldStore } from "./fold-store.ts";

export interface SessionLocation {
  sessionFile: string | undefined;
  sessionId: string;
}

/** The fold store of a session: in memory without a session file, else content-addressed files (each leaf
 * once, large parts as references to their evidence files). */
export function openStoreFor(location: SessionLocation): FoldStore {
  const { sessionFile, sessionId } = location;
  return sessionFile === undefined
    ? openMemoryFoldStore()
    : openContentAddressedStore(join(dirname(sessionFile), "powercontext-fold", sessionId), evidenceDirFor(location));
}

export function evidenceDirFor({ sessionFile, sessionId }: SessionLocation): string {
  return join(sessionFile === undefined ? tmpdir() : dirname(sessionFile), EVIDENCE_DIR, sessionId);
}
