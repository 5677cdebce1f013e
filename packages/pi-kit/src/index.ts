// Public surface of @powercontext/pi-kit, the code the Pi packages (and the CLI's Pi checks) share.
export { JSON_FLAG, takeJsonFlag } from "./command-args.ts";
export {
  createDiagnostics,
  type Diagnostics,
  type DiagnosticsContext,
  logFileOf,
  piAgentDir,
} from "./diagnostics.ts";
export { CodedError, describeErrorsOf } from "./coded-error.ts";
export { type Environment, FALSE_WORDS, readEnvironment, TRUE_WORDS } from "./env.ts";
export { type DescribeError, describeUnexpected, failOpen, type FailOpenReporting } from "./fail-open.ts";
export type { HostContext, HostMode, HostSession, HostUi, NoticeLevel } from "./host.ts";
export { createStderrLogger, type Logger, silentLogger } from "./logger.ts";
export { normalizeGitRemote } from "./git-remote.ts";
export { notifyOrStderr, type WriteLine, writeStderrLine } from "./notify.ts";
export type { InvalidLines, RpcRecord } from "./rpc/jsonl-lines.ts";
export { type PiRpc, type PiRpcOptions, startPiRpc } from "./rpc/pi-rpc.ts";
export { createStatusSlot, type StatusContext, type StatusSlot } from "./status-slot.ts";
export {
  type Alignment,
  alignColumns,
  fitLine,
  formatBytes,
  formatCount,
  LINE_WIDTH,
  labelled,
  oneLine,
  plural,
} from "./text-layout.ts";
export { failure, renderToolResult, type ToolFailure, type ToolResult } from "./tool-result.ts";
export { deriveScope, type GitRunner, MAX_SCOPE_LENGTH, runGit } from "./scope.ts";
