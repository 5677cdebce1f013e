// Public surface of powercontext-state for other packages and benchmarks (the Pi entry is extensions/state.ts).
export { loadConfig, type StateConfig } from "./config.ts";
export { StateError, type StateErrorCode } from "./errors.ts";
export { appendPatch, boundaries, materialize, viewAt, TAIL_LIMIT, MAX_OFFSET } from "./history.ts";
export { MODES, type Mode } from "./modes.ts";
export { applyTransition, parseTransition, PATCH_REJECTIONS } from "./patch.ts";
export { buildProjection, appendProjection } from "./projection.ts";
export { cwdKey, sessionKey, viewKeys } from "./scopes.ts";
export { recoverJournal } from "./journal.ts";
export { openStateStore, type StateStore, type PublishResult } from "./state-file.ts";
export { emptyState, mergePatch, overlayScopes } from "./state.ts";
export * from "./types.ts";
