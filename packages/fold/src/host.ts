// Where a session's files live: the fold store and evidence directory beside the session file, or memory/tmp without one.
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { EVIDENCE_DIR } from "./evidence.ts";
import { openFileFoldStore, openMemoryFoldStore, type FoldStore } from "./fold-store.ts";

export interface SessionLocation {
  sessionFile: string | undefined;
  sessionId: string;
}

export function openStoreFor({ sessionFile, sessionId }: SessionLocation): FoldStore {
  return sessionFile === undefined
    ? openMemoryFoldStore()
    : openFileFoldStore(join(dirname(sessionFile), "powercontext-fold", sessionId));
}

export function evidenceDirFor({ sessionFile, sessionId }: SessionLocation): string {
  return join(sessionFile === undefined ? tmpdir() : dirname(sessionFile), EVIDENCE_DIR, sessionId);
}
