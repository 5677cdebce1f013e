// Public surface of @powercontext/pi-kit, the code the Pi packages (and the CLI's Pi checks) share.
export { CodedError, describeErrorsOf } from "./coded-error.ts";
export { type Environment, FALSE_WORDS, readEnvironment, TRUE_WORDS } from "./env.ts";
export { type DescribeError, describeUnexpected, failOpen, type FailOpenReporting } from "./fail-open.ts";
export type { HostContext, HostSession, HostUi, NoticeLevel } from "./host.ts";
export { createStderrLogger, type Logger, silentLogger } from "./logger.ts";
export { normalizeGitRemote } from "./git-remote.ts";
export { notifyOrStderr, type WriteLine, writeStderrLine } from "./notify.ts";
export type { InvalidLines, RpcRecord } from "./rpc/jsonl-lines.ts";
export { type PiRpc, type PiRpcOptions, startPiRpc } from "./rpc/pi-rpc.ts";
export { failure, renderToolResult, type ToolFailure, type ToolResult } from "./tool-result.ts";
export { deriveScope, type GitRunner, MAX_SCOPE_LENGTH, runGit } from "./scope.ts";
